/** The PostgreSQL server database a benchmark creates for itself, fills and drops. */
import pg from 'pg';

export interface ServerDatabase {
  /** The URL of the benchmark's own database on the server. */
  url: string;
  /** Drops it if a previous run left it, and creates it empty. */
  recreate: () => Promise<void>;
  drop: () => Promise<void>;
}

/** `name` on the server that `serverUrl` reaches (its own database is used only to create and drop). */
export function serverDatabase(serverUrl: string, name: string): ServerDatabase {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  const admin = async (text: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  const drop = () => admin(`drop database if exists ${name} with (force)`);
  return {
    url: u.toString(),
    drop,
    recreate: async () => {
      await drop();
      await admin(`create database ${name}`);
    },
  };
}
