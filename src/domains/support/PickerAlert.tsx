import { useEffect, useRef } from 'react';

interface PickerAlertProps {
  message: string;
  /** A second line, e.g. that the previous photo is kept. */
  note?: string | undefined;
}

/**
 * An error shown next to the photo picker. It is announced (role alert) and takes the focus, so the
 * page moves to it even when it appeared below the fold.
 */
export function PickerAlert({ message, note }: PickerAlertProps) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    box.current?.focus();
  }, [message, note]);
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      data-testid="picker-alert"
      className="scroll-my-6 rounded-md border border-destructive bg-background p-3 text-center text-sm text-destructive focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <p>{message}</p>
      {note && <p className="mt-1 font-medium">{note}</p>}
    </div>
  );
}
