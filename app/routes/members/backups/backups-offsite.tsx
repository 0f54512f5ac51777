import { Form, useNavigation } from "react-router";
import { FormField } from "~/components/form-field";
import { Panel } from "~/components/panel";
import { StatusBadge } from "~/components/status-badge";
import { Button } from "~/components/ui/button";
import type { ActionResult } from "~/lib/action-result";
import { formatDateTime } from "~/lib/format";

export interface OffsiteCopyView {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  prefix: string;
  forcePathStyle: boolean;
  hasSecretKey: boolean;
}

export interface LastCopyView {
  at: string;
  ok: boolean;
  file: string;
  detail: string;
}

/** The off-site copy: an S3-compatible bucket each daily backup is uploaded to, its test and its last outcome. */
export function OffsiteCopyPanel({
  copy,
  lastCopy,
  actionData,
}: {
  copy: OffsiteCopyView | null;
  lastCopy: LastCopyView | null;
  actionData: ActionResult | undefined;
}) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const errors = actionData?.fieldErrors ?? {};
  const values = actionData?.ok === false ? actionData.values : undefined;
  const value = (field: keyof OffsiteCopyView & string) => values?.[field] ?? String(copy?.[field] ?? "");
  return (
    <Panel
      title="Off-site copy"
      testId="offsite-copy"
      description="A copy of each daily backup in a storage bucket elsewhere (Amazon S3, Backblaze B2, Wasabi, Cloudflare R2, MinIO…), so it survives the loss of this server."
    >
      {lastCopy ? (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm" data-testid="last-copy">
          <StatusBadge tone={lastCopy.ok ? "good" : "bad"}>
            {lastCopy.ok ? "Copied" : "Copy failed"}
          </StatusBadge>
          <span className="wrap-anywhere">
            {formatDateTime(lastCopy.at)}:{" "}
            {lastCopy.ok ? `${lastCopy.file} to ${lastCopy.detail}` : lastCopy.detail}
          </span>
        </p>
      ) : null}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="save-copy" />
        <FormField
          id="endpoint"
          name="endpoint"
          label="Service address"
          hint="Leave blank for Amazon S3. For others, the address their guide gives (https://…)."
          defaultValue={value("endpoint")}
          error={errors.endpoint}
          inputMode="url"
          autoComplete="off"
        />
        <div className="grid items-start gap-4 sm:grid-cols-2">
          <FormField
            id="region"
            name="region"
            label="Region"
            hint="e.g. us-east-1"
            defaultValue={value("region")}
            error={errors.region}
            autoComplete="off"
          />
          <FormField
            id="bucket"
            name="bucket"
            label="Bucket"
            defaultValue={value("bucket")}
            error={errors.bucket}
            autoComplete="off"
          />
        </div>
        <FormField
          id="accessKeyId"
          name="accessKeyId"
          label="Access key ID"
          defaultValue={value("accessKeyId")}
          error={errors.accessKeyId}
          autoComplete="off"
        />
        <FormField
          id="secretKey"
          name="secretKey"
          type="password"
          label="Secret key"
          hint={
            copy?.hasSecretKey
              ? "Saved. Leave blank to keep it; it is never shown again."
              : "Never shown again after saving."
          }
          error={errors.secretKey}
          autoComplete="new-password"
        />
        <FormField
          id="prefix"
          name="prefix"
          label="Folder in the bucket (optional)"
          hint="e.g. church-backups"
          defaultValue={value("prefix")}
          error={errors.prefix}
          autoComplete="off"
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="forcePathStyle"
            defaultChecked={values ? values.forcePathStyle === "on" : (copy?.forcePathStyle ?? false)}
            className="size-4 accent-primary"
          />
          Path-style addresses (MinIO and some others need this)
        </label>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={pending === "save-copy"}>
            {pending === "save-copy" ? "Saving..." : "Save"}
          </Button>
        </div>
      </Form>
      {copy ? (
        <div className="mt-4 flex flex-wrap gap-2 border-t border-border pt-4">
          <Form method="post">
            <input type="hidden" name="intent" value="test-copy" />
            <Button type="submit" variant="outline" disabled={pending === "test-copy"}>
              {pending === "test-copy" ? "Testing..." : "Test the bucket"}
            </Button>
          </Form>
          <Form method="post">
            <input type="hidden" name="intent" value="remove-copy" />
            <Button type="submit" variant="ghost" disabled={pending === "remove-copy"}>
              Turn off the off-site copy
            </Button>
          </Form>
        </div>
      ) : null}
    </Panel>
  );
}
