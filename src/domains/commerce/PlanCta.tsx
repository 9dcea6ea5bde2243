import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button } from '../../ui/Button.tsx';
import { isLoggedIn, useAccountStore } from '../account/public.ts';
import { checkoutPath, type CheckoutChoice } from './checkoutChoice.ts';
import { openCheckoutDocument } from './providerRedirect.ts';

/**
 * A plan's call to action: a link to its checkout for a signed-in person. A signed-out visitor gets the sign-in
 * dialog first (a plan belongs to an account), and goes on to the checkout once signed in. The checkout is always
 * loaded as a new document: its Content-Security-Policy (the payment provider's hosts, on /checkout only) is the
 * document's, so a client-side navigation would keep the pricing page's policy.
 */
export function PlanCta({ choice, label, variant = 'default' }: { choice: CheckoutChoice; label: string; variant?: 'default' | 'outline' }) {
  const loggedIn = useAccountStore(isLoggedIn);
  const openAuthModal = useAccountStore((s) => s.openAuthModal);
  const waitingForSignIn = useRef(false);
  const to = checkoutPath(choice);

  useEffect(() => {
    if (loggedIn && waitingForSignIn.current) {
      waitingForSignIn.current = false;
      openCheckoutDocument(to);
    }
  }, [loggedIn, to]);

  if (loggedIn) {
    return (
      <Button asChild variant={variant} className="w-full">
        <Link to={to} reloadDocument>
          {label}
        </Link>
      </Button>
    );
  }
  return (
    <Button
      variant={variant}
      className="w-full"
      aria-haspopup="dialog"
      onClick={() => {
        waitingForSignIn.current = true;
        openAuthModal('sign-in', { returnTo: to });
      }}
    >
      {label}
    </Button>
  );
}
