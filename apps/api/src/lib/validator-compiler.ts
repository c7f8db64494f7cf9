import type { FastifySchemaCompiler } from "fastify";
import { validatorCompiler as zodValidatorCompiler } from "@fastify/type-provider-zod";
import type { ZodType } from "zod";
import { forbiddenTextCheck } from "@ems/contracts/text";

/**
 * The zod validator of every route, behind the text rule of packages/contracts/src/text.ts: any
 * string of a body, query or params with a character no field needs is a 400 naming it, whether or
 * not the route's schema remembered to say so. It runs first, so a NUL never reaches PostgreSQL.
 */
export const validatorCompiler: FastifySchemaCompiler<ZodType> = (route) =>
  zodValidatorCompiler({ ...route, schema: forbiddenTextCheck.pipe(route.schema as never) });
