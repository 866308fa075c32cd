// The customer's shared photos in the portal (docs/decisions/photos.md): per job, plain thumbnail
// links to the viewer size, no JavaScript needed; derivatives only (no location or camera data).
import { Card, Heading, Text } from "~/components/ui";

export type PortalPhoto = { id: number; title: string | null; description: string | null; jobTitle: string | null };

export function PortalPhotos({ photos, base, token }: { photos: PortalPhoto[]; base: string; token: string }) {
  if (!photos.length) return null;
  const groups = new Map<string, PortalPhoto[]>();
  for (const p of photos) {
    const key = p.jobTitle ?? "Other photos";
    groups.set(key, [...(groups.get(key) ?? []), p]);
  }
  const src = (id: number, variant: "thumb" | "view") =>
    `${base}/photos/${id}/${variant}?${new URLSearchParams({ token })}`;
  return (
    <Card size="2" mt="4" asChild>
      <section aria-labelledby="portal-photos-heading">
        <Heading as="h2" size="5" mb="3" id="portal-photos-heading">
          Photos
        </Heading>
        {[...groups].map(([job, list]) => (
          <div key={job}>
            <Heading as="h3" size="3" mb="2" mt="2">
              {job}
            </Heading>
            <ul className="portal-photos" data-testid="portal-photos">
              {list.map((p) => (
                <li key={p.id}>
                  <a href={src(p.id, "view")} target="_blank" rel="noopener">
                    <img src={src(p.id, "thumb")} alt={p.title ?? p.description ?? "Photo"} loading="lazy" />
                  </a>
                  {p.title ? (
                    <Text as="p" size="1" mt="1">
                      {p.title}
                    </Text>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        ))}
      </section>
    </Card>
  );
}
