/**
 * Baseline 1, the ceiling of the HTTP layer: a bare Fastify server (no logger, no hooks) whose
 * POST /api parses the same JSON body the service gets and answers a constant JSON body of the
 * service's envelope. Started by bench/run.ts pinned to the service's core.
 * Usage: PORT=3999 node bench/bare-server.ts
 */
import Fastify from 'fastify';

const answer = {
  status: 'ok',
  data: {
    item: {
      id: '0190d6c4-0000-7000-8000-000000000000',
      organizationId: '0190d6c4-0000-7000-8000-000000000001',
      patientId: '0190d6c4-0000-7000-8000-000000000002',
      doctorId: '0190d6c4-0000-7000-8000-000000000003',
      scheduledDate: '2026-01-01',
      scheduledTime: '09:00',
      duration: 30,
      status: 'scheduled',
    },
  },
};

const app = Fastify({ logger: false });
app.post('/api', async () => answer);
app.get('/health', async () => ({ status: 'ok' }));
await app.listen({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
