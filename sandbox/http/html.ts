/** HTML answers: never framed, never cached (RFC 6749 §10.13 for the consent page). */
import type { FastifyReply } from 'fastify';

export function sendHtml(
  reply: FastifyReply,
  status: number,
  html: string,
): FastifyReply {
  return (
    reply
      .status(status)
      .header('X-Frame-Options', 'DENY')
      .header('Content-Security-Policy', "frame-ancestors 'none'")
      .header('Cache-Control', 'no-store')
      // The sandbox's own origin only: its forms then post with their Origin, never "null".
      .header('Referrer-Policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(html)
  );
}
