import { z } from 'zod';

const strictVersions = new WeakMap<z.ZodType, z.ZodType>();

/**
 * The schema with every object in it, nested ones too, made strict: a body carrying a field the
 * schema does not list is refused (zod's `unrecognized_keys`) instead of having the field silently
 * dropped, which hid typos (`max_view`) and clients sending what the server does not do.
 *
 * Objects that chose their own `catchall` (`z.looseObject`, records) keep it, and so do the sides
 * of an intersection, where each side must accept the other's fields. Refinements, defaults and
 * descriptions are kept: each changed schema is a clone of the original's definition.
 */
export function strictObjects<S extends z.ZodType>(schema: S): S {
  let strict = strictVersions.get(schema);
  if (!strict) {
    strict = makeStrict(schema);
    strictVersions.set(schema, strict);
  }
  return strict as S;
}

function makeStrict(schema: z.ZodType): z.ZodType {
  const def = schema._zod.def as z.core.$ZodTypeDef & Record<string, unknown>;
  const inner = (key: string): z.ZodType => def[key] as z.ZodType;
  const cloneWith = (changes: Record<string, unknown>): z.ZodType => {
    const changed = Object.entries(changes).some(([key, value]) => def[key] !== value);
    // `parent` keeps the original's metadata (descriptions) for the OpenAPI document.
    return changed ? schema.clone({ ...def, ...changes } as typeof def, { parent: true }) : schema;
  };
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, z.ZodType>;
      const strictShape = Object.fromEntries(
        Object.entries(shape).map(([key, field]) => [key, strictObjects(field)]),
      );
      return def.catchall
        ? cloneWith({ shape: strictShape })
        : schema.clone({ ...def, shape: strictShape, catchall: z.never() } as typeof def, {
            parent: true,
          });
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'nonoptional':
    case 'catch':
    case 'readonly':
      return cloneWith({ innerType: strictObjects(inner('innerType')) });
    case 'array':
      return cloneWith({ element: strictObjects(inner('element')) });
    case 'record':
      return cloneWith({ valueType: strictObjects(inner('valueType')) });
    case 'tuple':
      return cloneWith({
        items: (def.items as z.ZodType[]).map(strictObjects),
        rest: def.rest ? strictObjects(def.rest as z.ZodType) : def.rest,
      });
    case 'union':
      return cloneWith({ options: (def.options as z.ZodType[]).map(strictObjects) });
    case 'pipe':
      // What the client sends meets the input side, or after a preprocess step, the output side.
      return inner('in')._zod.def.type === 'transform'
        ? cloneWith({ out: strictObjects(inner('out')) })
        : cloneWith({ in: strictObjects(inner('in')) });
    default:
      return schema;
  }
}
