/** A native `<select>` drawn like the inputs beside it (forms that post without scripts, where a custom listbox would not). */
export const NATIVE_SELECT = "h-10 w-full rounded-md border border-input bg-background px-3 text-sm";
