import { ImageUp, LoaderCircle } from "lucide-react";
import { useEffect, useState } from "react";
import { useNavigate } from "react-router";
import { AdminScreen } from "~/components/admin-screen";
import { Field } from "~/components/form-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { NativeSelect } from "~/components/ui/select";
import { UploadProgress } from "~/components/upload-progress";
import { pageMeta } from "~/lib/meta";
import { showToast } from "~/lib/toast";
import { useUpload } from "~/lib/upload-client";
import { MAX_UPLOAD_LABEL } from "~/lib/uploads";
import { requireUser } from "~/server/auth/guards.server";
import { inScope, ministryScope } from "~/server/auth/ministry-scope.server";
import { listMinistryImages } from "~/server/content/ministry-images.server";
import { getSiteContent } from "~/server/site/site-content.server";
import type { Route } from "./+types/ministry-images";
import { ResponsiveImage } from "~/components/responsive-image";

// Under each field that is missing, besides the spec's toast.
const fieldErrors = {
  ministrySlug: "Please select a ministry.",
  image: "Please select an image file.",
};

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, "Ministry Images", "Change the picture shown on a ministry's page.");
}

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request, "ministry-media:write");
  // A role limited to ministries is offered, and shown the pictures of, its ministries only.
  const scope = ministryScope(user);
  const [rows, content] = await Promise.all([listMinistryImages(scope), getSiteContent()]);
  const ministries = content
    .ministriesByName()
    .filter((ministry) => inScope(scope, ministry.slug))
    .map(({ slug, name }) => ({ slug, name }));
  // ?ministry=amplify (from the ministry's website editor) opens with that ministry chosen; one
  // ministry alone is chosen already.
  const asked = new URL(request.url).searchParams.get("ministry");
  const chosen =
    ministries.find((ministry) => ministry.slug === asked) ??
    (ministries.length === 1 ? ministries[0] : undefined);
  return {
    chosen: chosen?.slug ?? "",
    images: Object.fromEntries(rows.map((row) => [row.ministrySlug, row.imageUrl])) as Record<string, string>,
    ministries,
    defaultImage: content.defaultMinistryImage,
  };
}

export default function MinistryImages({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const { send, progress, isUploading } = useUpload();
  const [slug, setSlug] = useState(loaderData.chosen);
  const [preview, setPreview] = useState<string | null>(null);
  const [missing, setMissing] = useState<{ ministrySlug?: boolean; image?: boolean }>({});

  // The preview is a temporary address for the chosen file; free it when it changes.
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );

  const current = slug ? (loaderData.images[slug] ?? loaderData.defaultImage) : null;

  return (
    <AdminScreen
      title="Ministry Images"
      description="The picture shown on a ministry's page (one per ministry)."
    >
      <form
        method="post"
        action="/members/update-ministry-image/save"
        encType="multipart/form-data"
        noValidate
        className="mx-auto grid max-w-2xl gap-5 rounded-xl border border-border bg-background p-6 shadow-sm"
        onSubmit={async (event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const body = new FormData(form);
          const file = body.get("image");
          const isMissing = {
            ministrySlug: !body.get("ministrySlug"),
            image: !(file instanceof File) || file.size === 0,
          };
          if (isMissing.ministrySlug || isMissing.image) {
            showToast({
              title: "Missing information",
              description: "Please select a ministry and an image file.",
              variant: "destructive",
            });
            setMissing(isMissing);
            const first = isMissing.ministrySlug ? "ministrySlug" : "image";
            (form.elements.namedItem(first) as HTMLElement | null)?.focus();
            return;
          }
          const answer = await send(form.action, body);
          showToast(answer.toast);
          if (answer.ok && answer.redirectTo) navigate(answer.redirectTo);
        }}
      >
        <Field
          id="ministrySlug"
          label="Ministry"
          error={missing.ministrySlug ? fieldErrors.ministrySlug : undefined}
          control={(aria) => (
            <NativeSelect
              id="ministrySlug"
              name="ministrySlug"
              value={slug}
              {...aria}
              onChange={(event) => {
                setSlug(event.target.value);
                setMissing((current) => ({ ...current, ministrySlug: false }));
              }}
            >
              <option value="">Select a ministry</option>
              {loaderData.ministries.map((ministry) => (
                <option key={ministry.slug} value={ministry.slug}>
                  {ministry.name}
                </option>
              ))}
            </NativeSelect>
          )}
        />
        <Field
          id="image"
          label="Image"
          hint={<>JPG, PNG, GIF or WEBP up to {MAX_UPLOAD_LABEL}</>}
          error={missing.image ? fieldErrors.image : undefined}
          control={(aria) => (
            <Input
              id="image"
              name="image"
              type="file"
              accept="image/jpeg,image/png,image/gif,image/webp"
              className="h-auto py-2"
              {...aria}
              onChange={(event) => {
                const file = event.target.files?.[0];
                setPreview(file ? URL.createObjectURL(file) : null);
                setMissing((current) => ({ ...current, image: false }));
              }}
            />
          )}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <figure className="grid gap-2">
            <figcaption className="text-sm font-medium">Current picture</figcaption>
            {current ? (
              <ResponsiveImage
                src={current}
                alt="Currently shown for this ministry"
                width={640}
                height={360}
                sizes="(min-width: 640px) 50vw, 100vw"
                priority
                className="aspect-video w-full rounded-lg border border-border object-cover"
              />
            ) : (
              <div className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
                Choose a ministry
              </div>
            )}
          </figure>
          <figure className="grid gap-2">
            <figcaption className="text-sm font-medium">New picture</figcaption>
            {preview ? (
              <img
                src={preview}
                alt="Preview of the chosen file"
                data-testid="image-preview"
                className="aspect-video w-full rounded-lg border border-border object-cover"
              />
            ) : (
              <div className="flex aspect-video items-center justify-center rounded-lg border border-dashed border-border text-sm text-muted-foreground">
                <ImageUp className="mr-2 size-5" aria-hidden="true" /> No file chosen
              </div>
            )}
          </figure>
        </div>
        <UploadProgress value={progress} />
        <Button type="submit" size="lg" disabled={isUploading}>
          {isUploading ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : null}
          {isUploading ? "Uploading..." : "Update Image"}
        </Button>
      </form>
    </AdminScreen>
  );
}
