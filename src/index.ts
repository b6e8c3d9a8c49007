import { createApp } from './app';

export = createApp();
