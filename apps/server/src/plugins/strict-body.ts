import type { ValidationKey } from "@draftroom/contracts";
import type { FastifySchema, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/**
 * The request validator: Zod's, except that a JSON body naming a field its route does not know is
 * a 400 naming that field ("Unknown field"), instead of the field being dropped without a word.
 * A client that sends `workspace_id` where the route reads `?workspace=` learns it at once rather
 * than finding its session in the wrong space.
 *
 * Only the body's top level of a plain object schema is checked: a schema that accepts more on
 * purpose says so (`z.looseObject`, a provider's callback; `z.unknown`, an imported file), and
 * query strings stay lenient (links pick up tracking and cache-busting parameters).
 */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (route.httpPart !== "body" || !isPlainObjectSchema(route.schema)) return validatorCompiler(route);
  const strict = validatorCompiler({ ...route, schema: route.schema.strict() });
  return (data) => {
    const result = strict(data);
    if (typeof result !== "object" || !("error" in result) || !Array.isArray(result.error)) return result;
    return { error: result.error.flatMap(unknownFieldsApart) };
  };
};

/** The message key of an unknown field (packages/contracts' validation messages). */
const UNKNOWN_FIELD: ValidationKey = "unknownField";

function isPlainObjectSchema(schema: FastifySchema | z.ZodType): schema is z.ZodObject {
  return schema instanceof z.ZodObject && schema.def.catchall === undefined;
}

type ValidationIssue = {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
};

/** Zod reports every unknown key in one issue on the object; the API names each as its own field. */
function unknownFieldsApart<T extends ValidationIssue>(issue: T): T[] {
  const keys = issue.params.keys;
  if (issue.keyword !== "unrecognized_keys" || !Array.isArray(keys)) return [issue];
  const at = issue.instancePath.replace(/\/$/, "");
  return keys.map((key) => ({
    ...issue,
    instancePath: `${at}/${String(key)}`,
    schemaPath: `#${at}/${String(key)}/unrecognized_keys`,
    message: UNKNOWN_FIELD,
  }));
}
