import { z } from 'zod';

// The upstream wraps its answers three ways (spec §7): `{result}`, `{data}` and `{results}`.
// Each helper checks the envelope and its content and hands back the content, so a BFF service
// reads `gateway.get(inResult(z.array(ExpertSchema)), path)` and gets the experts, checked once.

type Unwrapped<T extends z.ZodType> = z.ZodPipe<z.ZodObject<Record<string, T>>, z.ZodTransform<z.output<T>, Record<string, z.output<T>>>>;

function unwrap<T extends z.ZodType>(key: string, content: T): Unwrapped<T> {
  return z.object({ [key]: content }).transform((answer) => answer[key] as z.output<T>) as unknown as Unwrapped<T>;
}

export const inResult = <T extends z.ZodType>(content: T) => unwrap('result', content);
export const inData = <T extends z.ZodType>(content: T) => unwrap('data', content);
export const inResults = <T extends z.ZodType>(content: T) => unwrap('results', content);
