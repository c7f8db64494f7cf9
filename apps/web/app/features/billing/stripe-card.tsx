import { useLingui } from "@lingui/react";
import { useEffect, useRef, useState, type FormEvent } from "react";

import { Alert } from "~/components/ui/alert";
import { Button } from "~/components/ui/button";
import { Spinner } from "~/components/ui/spinner";

/** The few parts of Stripe.js this form uses (https://docs.stripe.com/js). */
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: "change", handler: (event: { complete: boolean; error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(options?: { locale?: string }): { create(type: "card", options?: object): StripeCardElement };
  createPaymentMethod(input: {
    type: "card";
    card: StripeCardElement;
  }): Promise<{ paymentMethod?: { id: string }; error?: { message?: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

const STRIPE_JS = "https://js.stripe.com/v3/";
let loading: Promise<StripeFactory> | null = null;

/** Loads Stripe.js once, only when a customer chooses to pay by card. */
function loadStripe(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  loading ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement("script");
    script.src = STRIPE_JS;
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error("Stripe.js did not load"));
    };
    script.onerror = () => reject(new Error("Stripe.js could not be loaded"));
    document.head.append(script);
  }).catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/**
 * The card field of Stripe (an iframe of Stripe's, so card numbers never reach this site). Submitting
 * turns the card into a PaymentMethod id, which `onToken` sends to the API to charge the invoice.
 */
export function StripeCardForm({
  publishableKey,
  locale,
  amountLabel,
  busy,
  onToken,
}: {
  publishableKey: string;
  locale: string;
  amountLabel: string;
  busy: boolean;
  onToken: (paymentMethodId: string) => Promise<void>;
}) {
  const { i18n } = useLingui();
  const host = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ js: StripeJs; card: StripeCardElement } | null>(null);
  const [failed, setFailed] = useState(false);
  const [cardError, setCardError] = useState<string | null>(null);
  const [complete, setComplete] = useState(false);
  const [tokenising, setTokenising] = useState(false);

  useEffect(() => {
    let cancelled = false;
    let mounted: StripeCardElement | null = null;
    loadStripe()
      .then((factory) => {
        if (cancelled || !host.current) return;
        const js = factory(publishableKey);
        const card = js.elements({ locale }).create("card", { hidePostalCode: true });
        card.mount(host.current);
        card.on("change", (event) => {
          setComplete(event.complete);
          setCardError(event.error?.message ?? null);
        });
        mounted = card;
        setStripe({ js, card });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      mounted?.destroy();
    };
  }, [publishableKey, locale]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe) return;
    setTokenising(true);
    try {
      const answer = await stripe.js.createPaymentMethod({ type: "card", card: stripe.card });
      if (answer.error || !answer.paymentMethod) {
        setCardError(answer.error?.message ?? i18n._("billing.pay.card_invalid"));
        return;
      }
      await onToken(answer.paymentMethod.id);
    } finally {
      setTokenising(false);
    }
  }

  if (failed) return <Alert variant="error">{i18n._("billing.pay.card_unavailable")}</Alert>;
  return (
    <form onSubmit={submit} className="space-y-3">
      <div>
        <p id="card-label" className="text-sm font-semibold">
          {i18n._("billing.pay.card_label")}
        </p>
        {stripe ? null : <Spinner className="mt-2" label={i18n._("billing.pay.card_loading")} />}
        <div
          ref={host}
          role="group"
          aria-labelledby="card-label"
          className="mt-1.5 min-h-11 rounded-md border border-neutral-400 bg-white px-3 py-3 dark:border-neutral-500"
        />
        {cardError ? (
          <p role="alert" className="mt-1 text-sm font-medium text-red-700 dark:text-red-400">
            {cardError}
          </p>
        ) : null}
      </div>
      <Button type="submit" disabled={!stripe || !complete} loading={busy || tokenising} className="w-full">
        {i18n._("billing.pay.card_submit", { amount: amountLabel })}
      </Button>
    </form>
  );
}
