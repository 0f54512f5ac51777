import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { TestProject } from "vitest/node";
import { migrateDatabase, openDatabase } from "~/server/platform/db.server";

// Databases the test files copy instead of making their own from nothing. A new embedded database
// (PostgreSQL's initdb inside PGlite) takes 2 to 4 s of a core and then the migrations some
// 0.5 s; nearly every integration file opened one or more, on each database kind. Made once here
// before any file runs, a test database is then a copy: a data folder copied in tens of
// milliseconds, a PostgreSQL database made with CREATE DATABASE ... TEMPLATE. The copies are real
// databases that the code under test opens, migrates (nothing is left to do) and uses as before.

export interface DatabaseTemplates {
  /** An embedded database's folder as initdb left it, without migrations (the upgrade tests' start). */
  pgliteBare: string;
  /** An embedded database's folder with every migration applied. */
  pgliteMigrated: string;
  /** A PostgreSQL database with every migration applied, when TEST_DATABASE_URL is set. */
  postgresMigrated?: string;
}

declare module "vitest" {
  export interface ProvidedContext {
    databaseTemplates: DatabaseTemplates;
  }
}

async function adminQuery(serverUrl: string, text: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

export default async function setup(project: TestProject) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), "church-templates-"));
  const templates: DatabaseTemplates = {
    pgliteBare: path.join(folder, "bare"),
    pgliteMigrated: path.join(folder, "migrated"),
  };
  const bare = await openDatabase({ pgliteDir: templates.pgliteBare });
  await bare.close();
  fs.cpSync(templates.pgliteBare, templates.pgliteMigrated, { recursive: true });
  const migrated = await openDatabase({ pgliteDir: templates.pgliteMigrated });
  await migrateDatabase(migrated);
  await migrated.close();

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `test_template_${crypto.randomBytes(5).toString("hex")}`;
    await adminQuery(serverUrl, `create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ url: url.toString() });
    await migrateDatabase(handle);
    // No connection may stay open to a template while databases are made from it.
    await handle.close();
    templates.postgresMigrated = name;
  }

  project.provide("databaseTemplates", templates);
  return async () => {
    if (serverUrl && templates.postgresMigrated) {
      await adminQuery(serverUrl, `drop database if exists ${templates.postgresMigrated} with (force)`);
    }
    fs.rmSync(folder, { recursive: true, force: true });
  };
}
