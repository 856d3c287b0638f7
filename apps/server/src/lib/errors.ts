/** Errors a service throws; the app's error handler turns them into the API's error envelope. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly errors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: Record<string, string>) =>
  new AppError(400, 'BAD_REQUEST', message, errors);
export const unauthorized = (message = 'Unauthorized') => new AppError(401, 'UNAUTHORIZED', message);
export const forbidden = (message = 'Insufficient permissions') => new AppError(403, 'FORBIDDEN', message);
export const notFound = (what = 'Resource') => new AppError(404, 'NOT_FOUND', `${what} not found`);
/** A body over its route's limit; the message names the limit ('The file is larger than 50 MB'). */
export const payloadTooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message);
/** A byte count as a limit is written in a message: 1048576 -> '1 MB', 65536 -> '64 KB'. */
export const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.ceil(bytes / 1024)} KB`;
/** The 413 of a request body over the route's bodyLimit (JSON and every other parsed body). */
export const bodyTooLarge = (limit: number) => payloadTooLarge(`The request body is larger than ${sizeText(limit)}`);
export const conflict = (message: string, errors?: Record<string, string>) =>
  new AppError(409, 'CONFLICT', message, errors);
