/** "1 member", "1,200 rows": how the import screens count. */
export const plural = (n: number, noun: string) => `${n.toLocaleString("en")} ${noun}${n === 1 ? "" : "s"}`;
