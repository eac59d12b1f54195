import type { FastifyReply } from 'fastify';

/** Adds the credentials an answer depends on to its `Vary` header, keeping what is there. */
export function varyOnCredentials(reply: FastifyReply): void {
  const current = String(reply.getHeader('vary') ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const names = new Set(current.map((name) => name.toLowerCase()));
  for (const name of ['Cookie', 'Authorization']) if (!names.has(name.toLowerCase())) current.push(name);
  reply.header('vary', current.join(', '));
}
