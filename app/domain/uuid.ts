import { z } from "zod";

/** Whether `value` is a UUID: an id from an address or a form is checked before a query uses it. */
export const isUuid = (value: string): boolean => z.uuid().safeParse(value).success;
