import type { Middleware, ParameterizedContext } from 'koa';
import { type z, ZodError } from 'zod';
import { noQuery } from '../routes/schemas';

type Part = 'params' | 'query' | 'body';
export type Schemas = Partial<Record<Part, z.ZodType>>;
export type Input<S extends Schemas> = { [K in keyof S]: S[K] extends z.ZodType ? z.output<S[K]> : never };
export type InputState<S extends Schemas> = { input: Input<S> };
/** The context a handler behind `validate(S)` receives. */
export type ValidatedContext<S extends Schemas> = ParameterizedContext<InputState<S> & Record<string, unknown>> & {
  params: Record<string, string>;
};

/**
 * Parses route params, query and body with zod (use strict objects so unknown fields are refused) and puts the
 * typed result on `ctx.state.input`. A failure is a ZodError, answered 400 by the error middleware.
 */
export function validate<S extends Schemas>(schemas: S): Middleware<InputState<S>> {
  return async (ctx, next) => {
    const input: Record<string, unknown> = {};
    const issues: z.core.$ZodIssue[] = [];
    const sources: Record<Part, unknown> = {
      params: (ctx as unknown as { params?: unknown }).params ?? {},
      query: { ...ctx.query },
      body: (ctx.request as { body?: unknown }).body,
    };
    for (const part of ['params', 'query', 'body'] as Part[]) {
      // A route that declares no query takes none (but the cache-busting parameters): unknown ones are refused.
      const schema = schemas[part] ?? (part === 'query' ? noQuery : undefined);
      if (!schema) continue;
      const result = schema.safeParse(part === 'body' && sources.body === undefined ? {} : sources[part]);
      if (result.success) input[part] = result.data;
      else issues.push(...result.error.issues);
    }
    if (issues.length) throw new ZodError(issues);
    ctx.state.input = input as Input<S>;
    await next();
  };
}
