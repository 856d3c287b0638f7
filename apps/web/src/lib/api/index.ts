import type { z } from 'zod';
import { useSessionStore } from '../session-store';

/**
 * What a route answers: z.infer of its response schema in packages/shared, the schema the server
 * serializes the answer through (`Answer<typeof brandResponses.list>`). Call sites type apiRequest with
 * it instead of declaring answer shapes of their own.
 */
export type Answer<S extends z.ZodType> = z.infer<S>;

/** The base address of the API; the server serves the web app, so it is the same origin. */
export const API_BASE = (import.meta.env.VITE_API_BASE as string | undefined) ?? '/api';

/** A failed call: the HTTP status (0 when the network failed), the server's message and field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly errors?: Record<string, string>;

  constructor({
    status,
    message,
    code,
    errors,
  }: { status: number; message: string; code?: string; errors?: Record<string, string> }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.errors = errors;
  }
}

export const isApiError = (error: unknown): error is ApiError => error instanceof ApiError;

/** The server's message of a failure when it sent one, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app registers what a 401 does (clear the session, go to /login); lib stays free of the router. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | null | undefined>;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Query;
  signal?: AbortSignal;
  /** Extra request headers (the sale's Idempotency-Key). */
  headers?: Record<string, string>;
  /** The login call: its 401 means wrong credentials, not an expired session. */
  skipUnauthorizedHandler?: boolean;
};

function buildUrl(path: string, query?: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return `${API_BASE}${path}${search ? `?${search}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One JSON call to the API with the stored bearer token. Non-OK answers throw an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, query, signal, skipUnauthorizedHandler = false } = options;
  const token = useSessionStore.getState().token;
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;

  let response: Response;
  try {
    response = await fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    if (signal?.aborted) throw cause;
    throw new ApiError({ status: 0, message: 'Network error: the server cannot be reached' });
  }

  const payload = (await readJson(response)) as
    | { message?: unknown; code?: unknown; errors?: Record<string, string> }
    | undefined;
  if (!response.ok) {
    if (response.status === 401 && !skipUnauthorizedHandler) onUnauthorized();
    const message = typeof payload?.message === 'string' ? payload.message : response.statusText || 'Request failed';
    throw new ApiError({
      status: response.status,
      message,
      code: typeof payload?.code === 'string' ? payload.code : undefined,
      errors: payload?.errors,
    });
  }
  return payload as T;
}
