import type { CookieOptions, Request, Response } from 'express';

export const SESSION_COOKIE = 'sessao_editor';
/** Idle time after which a session ends; every use pushes it forward. */
export const SESSION_IDLE_MS = 12 * 60 * 60 * 1000;

/** 32 random bytes in base64url: what the browser holds. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The token of the request's cookie, when it is well formed. */
export function sessionToken(req: Request): string | undefined {
  const value: unknown = (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE];
  return typeof value === 'string' && TOKEN_PATTERN.test(value) ? value : undefined;
}

/** Whether the request carries the session cookie at all, well formed or not. */
export function hasSessionCookie(req: Request): boolean {
  return (req.cookies as Record<string, unknown> | undefined)?.[SESSION_COOKIE] !== undefined;
}

function cookieOptions(req: Request): CookieOptions {
  return { httpOnly: true, sameSite: 'strict', path: '/', secure: req.secure };
}

export function setSessionCookie(req: Request, res: Response, token: string): void {
  res.cookie(SESSION_COOKIE, token, { ...cookieOptions(req), maxAge: SESSION_IDLE_MS });
}

export function clearSessionCookie(req: Request, res: Response): void {
  res.clearCookie(SESSION_COOKIE, cookieOptions(req));
}
