import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';

/**
 * Request validation failure carrying zod's issues (with the input, so a missing field can be
 * told from a wrong one). The error handler translates them per request language.
 */
export class RequestValidationError extends Error {
  readonly statusCode = 400;
  constructor(
    readonly issues: z.core.$ZodIssue[],
    readonly part: string,
  ) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

type Issue = z.core.$ZodIssue;

/**
 * A union's failure lists every branch. Branches that only say "the whole value has another
 * type" are noise (an object sent where an object-or-array is accepted): when one branch is
 * left, its own issues are the useful ones.
 */
export function flattenUnionIssues(issues: Issue[], prefix: PropertyKey[] = []): Issue[] {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    if (issue.code !== 'invalid_union' || issue.errors.length === 0) return [{ ...issue, path }];
    const relevant = issue.errors.filter(
      (branch) =>
        !(branch.length === 1 && branch[0]?.code === 'invalid_type' && branch[0].path.length === 0),
    );
    const [only] = relevant;
    return relevant.length === 1 && only ? flattenUnionIssues(only, path) : [{ ...issue, path }];
  });
}

export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = schema.safeParse(data, { reportInput: true });
    if (result.success) return { value: result.data };
    return {
      error: new RequestValidationError(
        flattenUnionIssues(result.error.issues),
        httpPart ?? 'body',
      ),
    };
  };
