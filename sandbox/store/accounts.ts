/** Projects, their pages, and the users who sign in to them. */
import type { DatabaseSync } from 'node:sqlite';

import { cachedStatement, text } from './sqlite';
import type { Row } from './sqlite';

export type Plan = 'paid' | 'free';

export interface Project {
  id: string;
  name: string;
  plan: Plan;
}

/** A landing page of a project: where leads are submitted. */
export interface Page {
  id: string;
  projectId: string;
  name: string;
  url: string;
}

export interface User {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  image: string;
  projectId: string;
}

export const ACCOUNTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS projects (
    id TEXT PRIMARY KEY, name TEXT NOT NULL, plan TEXT NOT NULL CHECK (plan IN ('paid', 'free'))
  );
  CREATE TABLE IF NOT EXISTS pages (
    id TEXT PRIMARY KEY, project_id TEXT NOT NULL REFERENCES projects(id),
    name TEXT NOT NULL, url TEXT NOT NULL
  );
  CREATE TABLE IF NOT EXISTS users (
    id TEXT PRIMARY KEY, email TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL,
    last_name TEXT NOT NULL, image TEXT NOT NULL,
    project_id TEXT NOT NULL REFERENCES projects(id)
  );
`;

const toProject = (row: Row): Project => ({
  id: text(row, 'id'),
  name: text(row, 'name'),
  plan: text(row, 'plan') as Plan,
});

const toPage = (row: Row): Page => ({
  id: text(row, 'id'),
  projectId: text(row, 'project_id'),
  name: text(row, 'name'),
  url: text(row, 'url'),
});

const toUser = (row: Row): User => ({
  id: text(row, 'id'),
  email: text(row, 'email'),
  firstName: text(row, 'first_name'),
  lastName: text(row, 'last_name'),
  image: text(row, 'image'),
  projectId: text(row, 'project_id'),
});

export class Accounts {
  constructor(private readonly db: DatabaseSync) {}

  isEmpty(): boolean {
    return cachedStatement(this.db, 'SELECT COUNT(*) AS n FROM projects').get()?.n === 0;
  }

  addProject(project: Project): void {
    cachedStatement(
      this.db,
      'INSERT INTO projects (id, name, plan) VALUES (?, ?, ?)',
    ).run(project.id, project.name, project.plan);
  }

  projects(): Project[] {
    return cachedStatement(this.db, 'SELECT * FROM projects ORDER BY rowid')
      .all()
      .map(toProject);
  }

  project(id: string): Project | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM projects WHERE id = ?').get(id);
    return row === undefined ? undefined : toProject(row);
  }

  addPage(page: Page): void {
    cachedStatement(
      this.db,
      'INSERT INTO pages (id, project_id, name, url) VALUES (?, ?, ?, ?)',
    ).run(page.id, page.projectId, page.name, page.url);
  }

  /** The pages of a project (every page without one), in the order they were added. */
  pages(projectId?: string): Page[] {
    const rows =
      projectId === undefined
        ? cachedStatement(this.db, 'SELECT * FROM pages ORDER BY rowid').all()
        : cachedStatement(
            this.db,
            'SELECT * FROM pages WHERE project_id = ? ORDER BY rowid',
          ).all(projectId);
    return rows.map(toPage);
  }

  page(id: string): Page | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM pages WHERE id = ?').get(id);
    return row === undefined ? undefined : toPage(row);
  }

  addUser(user: User): void {
    cachedStatement(
      this.db,
      'INSERT INTO users (id, email, first_name, last_name, image, project_id) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(user.id, user.email, user.firstName, user.lastName, user.image, user.projectId);
  }

  users(): User[] {
    return cachedStatement(this.db, 'SELECT * FROM users ORDER BY rowid')
      .all()
      .map(toUser);
  }

  user(id: string): User | undefined {
    const row = cachedStatement(this.db, 'SELECT * FROM users WHERE id = ?').get(id);
    return row === undefined ? undefined : toUser(row);
  }
}
