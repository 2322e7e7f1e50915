import type { ValidationKey } from "@draftroom/contracts";
import type { FastifySchema, FastifySchemaCompiler } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { z } from "zod";

/** The message key of an unknown field (packages/contracts' validation messages). */
const UNKNOWN_FIELD: ValidationKey = "unknownField";

/**
 * The request validator: Zod's, except that a JSON body naming a field its route does not know is
 * a 400 naming that field ("This request has no such field"), instead of the field being dropped
 * without a word. A client that sends `workspace_id` where the route reads `?workspace=` learns it
 * at once rather than finding its session in the wrong space.
 *
 * Only the body's top level of a plain object schema is checked: a schema that accepts more on
 * purpose says so (`z.looseObject`, a provider's callback; `z.unknown`, an imported file). Query
 * strings stay lenient (links pick up tracking and cache-busting parameters), except for the one
 * mistake that silently changes an answer: a declared parameter's name with or without `_id`
 * (`?workspace_id=` where the route reads `?workspace=`, which would list the personal space).
 */
export const requestValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) => {
  if (!isPlainObjectSchema(route.schema)) return validatorCompiler(route);
  if (route.httpPart === "querystring") {
    return validatorCompiler({ ...route, schema: route.schema.extend(idAliasesRefused(route.schema)) });
  }
  if (route.httpPart !== "body") return validatorCompiler(route);
  const strict = validatorCompiler({ ...route, schema: route.schema.strict() });
  return (data) => {
    const result = strict(data);
    if (typeof result !== "object" || !("error" in result) || !Array.isArray(result.error)) return result;
    return { error: result.error.flatMap(unknownFieldsApart) };
  };
};

/** `workspace` -> `workspace_id` and `workspace_id` -> `workspace`, for the names not declared too. */
function idAliasesRefused(schema: z.ZodObject): Record<string, z.ZodOptional<z.ZodUndefined>> {
  const declared = Object.keys(schema.shape);
  const aliases = declared.map((name) => (name.endsWith("_id") ? name.slice(0, -3) : `${name}_id`));
  return Object.fromEntries(
    aliases
      .filter((alias) => alias !== "" && !declared.includes(alias))
      .map((alias) => [alias, z.undefined({ error: UNKNOWN_FIELD }).optional()]),
  );
}

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
