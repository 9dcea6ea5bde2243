import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface Person {
  username: string;
  name: string;
  avatarUrl: string | null;
}

/** Avatar (or initial) and a label, linking to the person's public profile. */
export function PersonLink({ person, label }: { person: Person; label: ReactNode }) {
  return (
    <Link to={`/u/${person.username}`} className="flex w-fit items-center gap-2 rounded-md text-sm focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      {person.avatarUrl ? (
        <img src={person.avatarUrl} alt="" className="size-8 rounded-full object-cover" />
      ) : (
        <span className="flex size-8 items-center justify-center rounded-full bg-muted font-semibold" aria-hidden="true">
          {person.name.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span>{typeof label === 'string' ? <bdi>{label}</bdi> : label}</span>
    </Link>
  );
}
