/** What the gallery's end-to-end tests share. */
import type { Page } from "playwright-core";

/** Adds photos through the API from the page (the dialog's four calls), oldest first. */
export async function addPhotosThroughApi(page: Page, teamId: string, count: number) {
  await page.evaluate(async ({ teamId, count }) => {
    const post = async (url: string, body: unknown) => {
      const res = await fetch(url, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${url} → ${res.status} ${await res.text()}`);
      return await res.json();
    };
    for (let n = 1; n <= count; n++) {
      const canvas = document.createElement("canvas");
      canvas.width = 96;
      canvas.height = 64;
      const context = canvas.getContext("2d")!;
      context.fillStyle = `hsl(${n * 30} 70% 40%)`;
      context.fillRect(0, 0, 96, 64);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), "image/jpeg", 0.9));
      const { uploadURL } = await post("/api/objects/upload", {
        teamId,
        purpose: "gallery",
        size: blob.size,
        contentType: "image/jpeg",
      });
      const put = await fetch(uploadURL, { method: "PUT", body: blob });
      if (!put.ok) throw new Error(`PUT → ${put.status} ${await put.text()}`);
      const { objectPath } = await put.json();
      const sizes = await post("/api/photos/process-gallery-photo", { originalPath: objectPath });
      await post(`/api/teams/${teamId}/photos`, {
        ...sizes,
        caption: `Seeded ${n}`,
        uploaderName: "",
        uploaderType: "",
      });
    }
  }, { teamId, count });
}
