/** Types of ./live-stand-in.js, which the tarball's CI step runs with Node as it is. */
export declare const API_KEY: string;

export interface StandIn {
  /** `http://127.0.0.1:<port>`. */
  url: string;
  requests: { method: string; path: string }[];
  close(): Promise<void>;
}

export declare function startStandIn(
  refreshToken: string,
  onRequest?: (line: string) => void,
): Promise<StandIn>;

export declare function writeStandInApp(
  dir: string,
  auth: 'key' | 'oauth2',
  hang: boolean,
): void;
