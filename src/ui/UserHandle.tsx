/**
 * A username as @name, isolated: in a right-to-left line the @ stays in front of the Latin name
 * (unisolated, the line's direction would carry it to the name's far end).
 */
export function UserHandle({ username }: { username: string }) {
  return <bdi>@{username}</bdi>;
}
