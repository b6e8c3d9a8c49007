/**
 * The answers to what Node refuses before Fastify sees a request, written
 * straight to the socket in the spec's Error object `{error}` (service-interface.md#errors).
 */
import { STATUS_CODES } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

/** The answers Node gives for a request it could not read, in the spec's shape. */
const CLIENT_ERRORS: Record<string, { status: number; message: string }> = {
  ERR_HTTP_REQUEST_TIMEOUT: {
    status: 408,
    message: 'The request did not arrive whole in time',
  },
  HPE_HEADER_OVERFLOW: { status: 431, message: 'The request headers are too large' },
};
const NOT_HTTP = { status: 400, message: 'The request is not valid HTTP/1.1' };

/** Writes an `{error}` answer straight to a socket Node took away from Fastify, and closes it. */
function answerOnSocket(socket: Duplex, status: number, message: string): void {
  const body = JSON.stringify({ error: message });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

/** Fastify's `clientErrorHandler`: a bad request Node refused before any route. */
export function answerClientError(
  error: Error & { code?: string },
  socket: Socket,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) {
    return;
  }
  const { status, message } = CLIENT_ERRORS[error.code ?? ''] ?? NOT_HTTP;
  answerOnSocket(socket, status, message);
}

/** Node's `connect` event: the sandbox is no proxy. */
export function answerConnect(_request: IncomingMessage, socket: Duplex): void {
  answerOnSocket(socket, 405, 'The sandbox is not a proxy: CONNECT is refused');
}

/** Node's `checkExpectation` event: an `Expect` other than 100-continue. */
export function answerUnmetExpectation(
  request: IncomingMessage,
  response: ServerResponse,
): void {
  const body = JSON.stringify({
    error: `Expect: ${String(request.headers.expect)} cannot be met; send no Expect header`,
  });
  response.writeHead(417, {
    'Content-Type': 'application/json',
    'Content-Length': Buffer.byteLength(body),
    Connection: 'close',
  });
  response.end(body);
}
