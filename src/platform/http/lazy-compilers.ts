// Fastify compiles a validator and a serializer for every route schema while it starts: about
// 0.6 s for this API's ~100 operations, most of the time to /readyz. These factories wrap
// Fastify's own (same Ajv and fast-json-stringify, same options and shared schemas) so each
// function is compiled the first time its route uses it instead.

import AjvCompiler from '@fastify/ajv-compiler';
import SerializerSelector from '@fastify/fast-json-stringify-compiler';

type Validator = ((data: unknown) => unknown) & { errors?: unknown };

export function lazyValidatorBuilder() {
  const build = AjvCompiler();
  return (externalSchemas: unknown, options: unknown) => {
    const compile = build(externalSchemas as never, options as never) as (route: unknown) => Validator;
    return (route: unknown): Validator => {
      let fn: Validator | undefined;
      const lazy: Validator = (data: unknown) => {
        fn ??= compile(route);
        const result = fn(data);
        // Fastify reads the errors of a failed validation from the function itself.
        lazy.errors = fn.errors;
        return result;
      };
      return lazy;
    };
  };
}

export function lazySerializerBuilder() {
  const build = SerializerSelector();
  return (externalSchemas: unknown, options: unknown) => {
    const compile = build(externalSchemas as never, options as never) as (route: unknown) => (data: unknown) => string;
    return (route: unknown) => {
      let fn: ((data: unknown) => string) | undefined;
      return (data: unknown) => (fn ??= compile(route))(data);
    };
  };
}
