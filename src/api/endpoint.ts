import { rm } from 'node:fs/promises';
import type { Request, RequestHandler, Response, Router } from 'express';
import type { z } from 'zod';
import type { Person, PeopleStore } from '../db/people-store.js';
import { ApiError } from '../lib/api-error.js';
import { MESSAGES } from '../lib/messages.js';
import { methodNotAllowed } from '../lib/method-not-allowed.js';
import { PEOPLE_MESSAGES } from '../people/messages.js';
import type { Action } from '../people/roles.js';
import type { Editor, EditorAuth } from '../workflow/editor-auth.js';
import { mayAct } from '../workflow/permissions.js';
import { command, commandOf } from './command.js';
import { currentPerson } from './current-person.js';
import { sendFailure, sendOk } from './envelope.js';
import { JSON_BODY } from './json-body.js';
import { validate } from './validate.js';

export type HttpMethod = 'get' | 'post' | 'put' | 'patch' | 'delete';

/**
 * Who may call an endpoint. 'public': no credential is looked at. 'public-or-editor': anyone, and an
 * editor who presents a credential sees more (a dead session counts as none). Otherwise a credential is
 * required: 'write' checks the Origin of a session, 'read' does not, 'passkey-setup' is 'write' for the
 * one thing a person still owing a passkey may do; `may` is the right to an action on the whole site
 * (the role's, or one an administrator granted the person: permissions.ts mayAct), `person` the person
 * behind it ('session': only with a session opened on the site).
 */
export type Access =
  | 'public'
  | 'public-or-editor'
  | { credential: 'write' | 'read' | 'passkey-setup'; may?: Action; person?: 'any' | 'session' };

export interface RequestContext {
  req: Request;
  res: Response;
}

type Admitted<A extends Access> = A extends 'public'
  ? object
  : A extends 'public-or-editor'
    ? { editor: Editor | null }
    : A extends { person: 'any' | 'session' }
      ? { editor: Editor; person: Person }
      : { editor: Editor };

export type Context<S, A extends Access> = S & RequestContext & Admitted<A>;

type Shape = Record<string, z.ZodType>;
type Parsed<P extends Shape> = { [K in keyof P]: z.output<P[K]> };

export interface Input<P extends Shape, B, Q> {
  params: Parsed<P>;
  /** The validated body; where the handler checks it itself, the parsed JSON object. */
  body: B extends z.ZodType ? z.output<B> : Record<string, unknown>;
  query: Q extends z.ZodType ? z.output<Q> : undefined;
}

interface Declaration<S, A extends Access, P extends Shape, B, Q> {
  method: HttpMethod;
  /** Express-style, relative to API_BASE_PATH: '/artigos/:id'. The envelope's command is it without the colons. */
  path: string;
  summary: string;
  access: A;
  /** Path parameters, validated in this order. */
  params?: P;
  query?: Q;
  /** The JSON body, validated before the handler runs. */
  json?: B;
  /**
   * The JSON body as documented, validated by the handler itself: its rules depend on what it reads
   * first (an article's state, which kind of sign-in).
   */
  jsonReadByHandler?: z.ZodType;
  /** A multipart form: its parser, the fields validated before the handler runs, and the form as documented (with its file). */
  multipart?: { parse: RequestHandler; fields: B; form: z.ZodObject };
  /** The envelope's `value` on success. */
  value?: z.ZodType;
  /** Failure statuses the endpoint answers with an envelope. */
  errors: number[];
  /** The handler writes the answer itself, and it is no envelope (the OpenAPI document). */
  raw?: boolean;
  /** Answers the envelope's value (or, when raw, the response itself). */
  handle: (input: Input<P, B, Q>, context: Context<S, A>) => unknown;
}

/** One line of the API's table, as the router and the OpenAPI document read it. */
export type Endpoint<S> = Omit<Declaration<S, Access, Shape, z.ZodType, z.ZodType>, 'handle' | 'multipart'> & {
  multipart?: { parse: RequestHandler; fields: z.ZodType; form: z.ZodObject };
  handle: (input: Input<Shape, z.ZodType, z.ZodType>, context: S & RequestContext & { editor?: Editor | null; person?: Person }) => unknown;
};

/** An entry of any table, as the OpenAPI document and the 405 read it (its handler's context unknown). */
export type AnyEndpoint = Endpoint<never>;

/** The table's entries for services S, each checked against its handler's input and context. */
export function endpointsFor<S>() {
  return <const A extends Access, P extends Shape = Shape, B = undefined, Q = undefined>(declaration: Declaration<S, A, P, B, Q>): Endpoint<S> =>
    declaration as unknown as Endpoint<S>;
}

/** What the wrapper checks credentials against. */
export interface Gate {
  auth: EditorAuth;
  people: Pick<PeopleStore, 'get'>;
}

const CREDENTIAL = { write: 'authorize', read: 'authorizeRead', 'passkey-setup': 'authorizePasskeySetup' } as const;

async function admit(access: Access, gate: Gate, req: Request, res: Response): Promise<{ editor?: Editor | null; person?: Person }> {
  if (access === 'public') return {};
  if (access === 'public-or-editor') return { editor: await gate.auth.identify(req, res) };
  const editor = await gate.auth[CREDENTIAL[access.credential]](req, res);
  if (access.may && !(await mayAct(gate.people, editor, access.may))) throw new ApiError(403, PEOPLE_MESSAGES.forbidden);
  if (!access.person) return { editor };
  const person = await currentPerson(gate.people, editor);
  if (access.person === 'session' && editor.via !== 'sessao') throw new ApiError(403, PEOPLE_MESSAGES.sessionOnly);
  return { editor, person };
}

function readInput<S>(endpoint: Endpoint<S>, req: Request): Input<Shape, z.ZodType, z.ZodType> {
  const params: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(endpoint.params ?? {})) params[name] = validate(schema, req.params[name]);
  const query = endpoint.query && validate(endpoint.query, req.query);
  const fields = endpoint.json ?? endpoint.multipart?.fields;
  const body: unknown = fields ? validate(fields, req.body ?? {}) : req.body;
  return { params, query, body };
}

/**
 * Runs one endpoint: a required credential and its permission first, then the request's params, query
 * and body, then the handler, whose value becomes the envelope. An optional credential is looked at
 * only for a valid request. An uploaded file is deleted whatever happens.
 */
function run<S>(endpoint: Endpoint<S>, gate: Gate, services: S): RequestHandler {
  const optional = endpoint.access === 'public-or-editor';
  return async (req, res) => {
    try {
      const first = optional ? undefined : await admit(endpoint.access, gate, req, res);
      const input = readInput(endpoint, req);
      const context = { ...services, req, res, ...(first ?? (await admit(endpoint.access, gate, req, res))) };
      const value = await endpoint.handle(input, context);
      if (!endpoint.raw) sendOk(res, commandOf(res), value);
    } finally {
      if (req.file) await rm(req.file.path, { force: true });
    }
  };
}

const METHOD_ORDER: HttpMethod[] = ['get', 'post', 'put', 'patch', 'delete'];

/** The Allow header of a path: the methods the table declares for it. */
export function allowedMethods(endpoints: readonly Pick<AnyEndpoint, 'method'>[]): string {
  return METHOD_ORDER.filter((method) => endpoints.some((endpoint) => endpoint.method === method))
    .map((method) => method.toUpperCase())
    .join(', ');
}

const refuseMethod = (allowed: string) =>
  methodNotAllowed(allowed, (req, res) => sendFailure(res, 405, req.path.slice(1), [MESSAGES.methodNotAllowed(req.method, allowed)]));

/**
 * Registers every endpoint of the table, and for each path a 405 (with Allow) for the methods it does
 * not declare. Paths are registered in the table's order, so a fixed path listed before a parameterised
 * one that would also match it ('/artigos/novo' before '/artigos/:id') keeps it.
 */
export function mountEndpoints<S>(router: Router, endpoints: readonly Endpoint<S>[], gate: Gate, services: S): void {
  const byPath = new Map<string, Endpoint<S>[]>();
  for (const endpoint of endpoints) byPath.set(endpoint.path, [...(byPath.get(endpoint.path) ?? []), endpoint]);
  for (const [path, declared] of byPath) {
    for (const endpoint of declared) {
      const body = endpoint.multipart ? [endpoint.multipart.parse] : endpoint.json || endpoint.jsonReadByHandler ? JSON_BODY : [];
      router[endpoint.method](path, command(path.slice(1).replaceAll(':', '')), ...body, run(endpoint, gate, services));
    }
    router.all(path, refuseMethod(allowedMethods(declared)));
  }
}
