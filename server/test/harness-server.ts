import pg from 'pg';

/** One statement on the server's own database (CREATE and DROP DATABASE cannot run in the database itself). */
export async function onServer(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
