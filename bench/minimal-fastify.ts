/** Baseline for a database-backed call: a bare Fastify route running /users/me's query through pg. */
import Fastify from 'fastify';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env['DATABASE_URL'], max: 10 });
const userId = Number(process.env['USER_ID']);
const app = Fastify({ logger: false });
app.get('/me', async () => {
  const { rows } = await pool.query('select user_type as "userType", prenom, nom, email as mail from users where id = $1', [userId]);
  return rows[0];
});
await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
process.send?.('ready');
