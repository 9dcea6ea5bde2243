import { useEffect, useState } from 'react';
import { fetchIsStaff } from '../../api/staff.ts';

/** Answers per signed-in account, asked once a session: the menu shows the console link only to staff. */
const answers = new Map<string, Promise<boolean>>();

/**
 * Whether the account `uuid` (null when signed out) is staff, asked of the server (the role is not in the token).
 * False while asking and on any failure: the link is a convenience, the server guards the console itself.
 */
export function useIsStaff(uuid: string | null): boolean {
  const [staff, setStaff] = useState<{ uuid: string; value: boolean } | null>(null);
  useEffect(() => {
    if (!uuid) return;
    let live = true;
    let answer = answers.get(uuid);
    if (!answer) {
      answer = fetchIsStaff().catch(() => {
        answers.delete(uuid);
        return false;
      });
      answers.set(uuid, answer);
    }
    void answer.then((value) => live && setStaff({ uuid, value }));
    return () => {
      live = false;
    };
  }, [uuid]);
  return uuid !== null && staff?.uuid === uuid && staff.value;
}

/** Forgets the answers (a test, or a sign-out that should ask again). */
export function forgetStaffAnswers(): void {
  answers.clear();
}
