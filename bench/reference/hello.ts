/**
 * The reference beside the portal in bench/api.ts: Fastify answering `{"hello":"world"}` and nothing else, in
 * a process of its own. Run: PORT=5102 node bench/reference/hello.ts
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
