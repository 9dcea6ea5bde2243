import { useEffect, useRef, useState } from 'react';
import { DESIGN_LIMITS } from '../../../../contract/design.ts';

/** The in-place name editor: Enter or leaving the field saves, Escape cancels. */
export function RenameInput({ label, initial, onCommit, onCancel }: { label: string; initial: string; onCommit(value: string): void; onCancel(): void }) {
  const [value, setValue] = useState(initial);
  const input = useRef<HTMLInputElement>(null);
  const done = useRef(false);
  useEffect(() => {
    input.current?.focus();
    input.current?.select();
  }, []);
  const finish = (save: boolean) => {
    if (done.current) return;
    done.current = true;
    if (save) onCommit(value);
    else onCancel();
  };
  return (
    <input
      ref={input}
      aria-label={label}
      value={value}
      maxLength={DESIGN_LIMITS.maxNameLength}
      onChange={(event) => setValue(event.target.value)}
      onClick={(event) => event.stopPropagation()}
      onKeyDown={(event) => {
        event.stopPropagation();
        if (event.key === 'Enter') finish(true);
        if (event.key === 'Escape') finish(false);
      }}
      onBlur={() => finish(true)}
      className="h-7 min-w-0 flex-1 rounded border border-input bg-background px-1.5 text-sm outline-none focus:ring-2 focus:ring-ring"
    />
  );
}
