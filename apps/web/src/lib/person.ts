/**
 * A person as the team knows them, with their username beside it (issue 31: the roster showed
 * names while @mentions and the members list showed usernames, and nobody could match the two).
 *
 * @example
 * personLabel({ name: "Ana Pérez", username: "ana" }); // "Ana Pérez (@ana)"
 * personLabel({ name: null, username: "ana" }); // "@ana"
 */
export function personLabel(person: { name: string | null; username: string }): string {
  return person.name ? `${person.name} (@${person.username})` : `@${person.username}`;
}
