import { KeyRound, Printer } from "lucide-react";
import { useRef } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { REGISTRATION_PASSCODE_MIN } from "~/lib/registration-passcode";

/** The class that prints the registration form's QR code alone (see app.css). */
const PRINTING_QR = "print-registration-qr";

/**
 * Prints a page with nothing but the registration form's address and QR code: a copy of the card
 * goes straight into the page's body, and while printing the body shows that copy alone.
 */
function printRegistrationQr(card: HTMLElement) {
  const sheet = document.createElement("div");
  sheet.id = "registration-qr-print";
  const copy = card.cloneNode(true) as HTMLElement;
  copy.removeAttribute("id");
  copy.removeAttribute("data-testid");
  sheet.append(copy);
  document.body.append(sheet);
  document.body.classList.add(PRINTING_QR);
  window.addEventListener(
    "afterprint",
    () => {
      sheet.remove();
      document.body.classList.remove(PRINTING_QR);
    },
    { once: true },
  );
  window.print();
}

/**
 * The registration form's address, with a QR code to print for the church's notice board, for
 * those who register members; and, for administrators, the shared passcode that opens the form.
 */
export function PasscodePanel({
  registrationForm,
  canChange,
}: {
  registrationForm: { url: string; qrSvg: string } | null;
  canChange: boolean;
}) {
  const navigation = useNavigation();
  const card = useRef<HTMLDivElement>(null);
  return (
    <section
      aria-labelledby="passcode-heading"
      className="mt-12 max-w-xl rounded-xl border border-border bg-background p-6 shadow-sm"
    >
      <h2 id="passcode-heading" className="flex items-center gap-2 text-lg font-semibold text-navy">
        <KeyRound className="size-5 text-accent-text" aria-hidden="true" />
        Registration passcode
      </h2>
      {registrationForm ? (
        <div
          ref={card}
          id="registration-qr"
          data-testid="registration-form-link"
          className="mt-4 grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[auto_1fr] sm:items-center print:grid-cols-1 print:justify-items-center print:border-0 print:text-center"
        >
          <div
            role="img"
            aria-label="QR code of the registration form's address"
            className="mx-auto size-44 rounded-lg border border-border bg-white p-1 print:size-96 print:border-0 [&>svg]:size-full"
            // Drawn on the server by the qrcode library from the form's own address.
            dangerouslySetInnerHTML={{ __html: registrationForm.qrSvg }}
          />
          <div className="grid min-w-0 gap-2">
            <p className="text-sm print:text-xl">
              New members register at this address (it asks for the passcode):
            </p>
            <p
              className="font-mono text-base font-semibold break-all text-navy print:text-2xl"
              data-testid="registration-form-url"
            >
              {registrationForm.url}
            </p>
            <Button
              type="button"
              variant="outline"
              className="w-fit print:hidden"
              onClick={() => card.current && printRegistrationQr(card.current)}
            >
              <Printer aria-hidden="true" />
              Print the QR code
            </Button>
          </div>
        </div>
      ) : null}
      {canChange ? (
        <>
          <p className="mt-4 text-sm text-muted-foreground">
            The shared passcode that opens the new member form. Only administrators can change it; it is
            stored as a hash and never shown.
          </p>
          <Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
            <input type="hidden" name="intent" value="set-passcode" />
            <div className="grid flex-1 gap-2">
              <label htmlFor="new-passcode" className="text-sm font-medium">
                New passcode
              </label>
              <Input
                id="new-passcode"
                name="passcode"
                type="password"
                autoComplete="new-password"
                minLength={REGISTRATION_PASSCODE_MIN}
                maxLength={100}
                required
                aria-describedby="new-passcode-hint"
              />
              <p id="new-passcode-hint" className="text-xs text-muted-foreground">
                At least {REGISTRATION_PASSCODE_MIN} characters.
              </p>
            </div>
            <Button type="submit" disabled={navigation.state === "submitting"}>
              Change passcode
            </Button>
          </Form>
        </>
      ) : (
        <p className="mt-4 text-sm text-muted-foreground">An administrator sets the passcode.</p>
      )}
    </section>
  );
}
