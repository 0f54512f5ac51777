/** "Ana Maria Cruz": first, middle and last name, skipping what is empty. */
export function fullName(member: { firstName: string; middleName?: string | null; lastName: string }) {
  return [member.firstName, member.middleName, member.lastName].filter(Boolean).join(" ");
}
