import { getFormProps, getInputProps, getTextareaProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { Flex } from "~/components/ui";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { DialogRoute, DialogRouteError } from "~/components/dialog-route";
import { CheckboxField, ErrorList, Field, FormActions, TextareaField } from "~/components/forms";
import { photoName } from "~/components/photo-grid";
import { useKeptQuery } from "~/components/use-kept-query";
import { getPhotoRow, updatePhoto } from "~/models/photos.server";
import { PhotoEditSchema } from "~/schemas/photo";
import { requirePermission } from "~/utils/auth.server";
import { getDb } from "~/utils/db.server";
import { requireId } from "~/utils/params.server";
import { can } from "~/utils/permissions";
import { requireFound } from "~/utils/refusal.server";
import { redirectWithToast } from "~/utils/toast.server";

// Edit a photo: title, description, tags (comma-separated) and, for the office, whether the
// customer sees it in the portal. Installers may edit (decisions §2) but not share.

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requirePermission(request, "photos", "write");
  const photo = requireFound(await getPhotoRow(await getDb(), requireId(params.photoId, "Photo")), "Photo");
  return json({
    photo: {
      id: photo.id,
      name: photoName(photo),
      title: photo.title ?? "",
      description: photo.description ?? "",
      tags: photo.tags.join(", "),
      showInPortal: photo.showInPortal,
    },
    canShare: can(user.viewRole, "customers", "write"),
  });
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requirePermission(request, "photos", "write");
  const id = requireId(params.photoId, "Photo");
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: PhotoEditSchema });
  if (submission.status !== "success") return json(submission.reply(), { status: 400 });
  // An unticked box sends nothing: for those who may share, absent means "not shared".
  const showInPortal = can(user.viewRole, "customers", "write") ? formData.get("showInPortal") === "on" : undefined;
  await updatePhoto(await getDb(), id, { ...submission.value, showInPortal });
  return redirectWithToast(request, `/photos/${id}${new URL(request.url).search}`, {
    title: "Photo updated",
    description: "The photo's details have been saved.",
  });
}

export default function EditPhoto() {
  const { photo, canShare } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const query = useKeptQuery();
  const pending = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: "photo-edit",
    lastResult,
    defaultValue: { title: photo.title, description: photo.description, tags: photo.tags },
    constraint: getZodConstraint(PhotoEditSchema),
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PhotoEditSchema }),
  });
  const back = `/photos/${photo.id}${query}`;
  return (
    <DialogRoute title="Edit Photo" description={photo.name} closeTo={back}>
      <Form method="post" {...getFormProps(form)}>
        <Flex direction="column" gap="3">
          <Field
            label="Title"
            inputProps={getInputProps(fields.title, { type: "text" })}
            errors={fields.title.errors}
          />
          <TextareaField
            label="Description"
            textareaProps={{ ...getTextareaProps(fields.description), rows: 3 }}
            errors={fields.description.errors}
          />
          <Field
            label="Tags (comma-separated)"
            inputProps={{ ...getInputProps(fields.tags, { type: "text" }), placeholder: "before, kitchen" }}
            errors={fields.tags.allErrors}
          />
          {canShare ? (
            <CheckboxField
              label="Show in the customer portal (a copy without location or camera data)"
              inputProps={{ name: "showInPortal", defaultChecked: photo.showInPortal }}
            />
          ) : null}
          <ErrorList id={form.errorId} errors={form.errors} />
          <FormActions cancelTo={back} pending={pending} submitLabel="Save Changes" pendingLabel="Saving..." />
        </Flex>
      </Form>
    </DialogRoute>
  );
}

export function ErrorBoundary() {
  return <DialogRouteError />;
}
