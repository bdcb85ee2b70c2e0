import { randomInt } from "node:crypto";
import { signInAsAdmin } from "./e2e-admin";
import { expect, expectAccessible, test } from "./fixtures";

/** A real 2x2 PNG (red), small enough to write inline. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEklEQVQImWM4ISd3Qk6OAUIBAB8mBBGFRCvEAAAAAElFTkSuQmCC",
  "base64",
);

test.describe("/admin opportunities", () => {
  test("an admin creates an opportunity with an uploaded image, publishes it, and deletes it", async ({ page, baseURL }) => {
    test.slow(); // One long journey through the dialog, the public list and back.
    const title = `Shatt al-Arab Towers ${Date.now()}-${randomInt(1e6)}`;
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin");
    await expect(page.getByText("Welcome back!")).toBeVisible();
    await page.reload();

    // The Opportunities tab is the first and the default.
    await expect(page.getByRole("navigation", { name: "Admin areas" }).getByRole("link", { name: "Opportunities" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("button", { name: "Add Opportunity" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Opportunity" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "opportunity dialog", '[role="dialog"]');

    // Sent empty: every required field says what it needs, and nothing is sent.
    await dialog.getByRole("button", { name: "Create Opportunity" }).click();
    for (const message of ["Title is required", "Description is required", "Location is required", "Projected returns is required", "Developer is required", "Investment period is required"]) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByLabel("Title *")).toBeFocused();

    await dialog.getByLabel("Title *").fill(title);
    await dialog.getByLabel("Description *").fill("Twin residential towers on the Shatt al-Arab waterfront with a marina.");
    await dialog.getByLabel("Location *").fill("Basra, Iraq");
    await dialog.getByLabel("Developer *").fill("Gulf Gate Developments");
    await dialog.getByLabel("Minimum investment ($)").fill("$650,000");
    await dialog.getByLabel("Projected returns *").fill("16-19% annually");
    await dialog.getByLabel("Investment period *").fill("30 months");
    await dialog.getByLabel("Project highlights (comma-separated)").fill("Marina berths, , Waterfront promenade");
    await dialog.getByLabel(/Or upload an image/).setInputFiles({ name: "towers.png", mimeType: "image/png", buffer: PNG });
    await dialog.getByRole("button", { name: "Create Opportunity" }).click();
    await expect(page.getByText("Opportunity created successfully")).toBeVisible();
    await expect(dialog).toBeHidden();

    const card = page.getByRole("article", { name: title });
    await expect(card).toContainText("Draft");
    await expect(card).toContainText("$650,000");
    await expect(card).toContainText("Gulf Gate Developments");
    // A draft is not public.
    expect((await page.request.get("/opportunities")).ok()).toBe(true);
    expect(await (await page.request.get("/opportunities")).text()).not.toContain(title);

    // Edit: the dialog holds the saved values; making it active publishes it.
    await card.getByRole("button", { name: `Edit ${title}` }).click();
    const edit = page.getByRole("dialog", { name: "Edit Opportunity" });
    await expect(edit.getByLabel("Project highlights (comma-separated)")).toHaveValue("Marina berths, Waterfront promenade");
    await edit.getByLabel("Status").selectOption("active");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await expect(page.getByText("Opportunity updated successfully")).toBeVisible();
    await expect(card).toContainText("Active");
    await expectAccessible(page, "/admin opportunities tab");

    await page.goto("/opportunities");
    const image = page.getByRole("img", { name: `${title}, Basra, Iraq` });
    await image.scrollIntoViewIfNeeded();
    await expect(image).toHaveAttribute("src", /^\/media\/[0-9a-f-]{36}\.png$/);
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(2);

    // Issue 36: a progress update gives its public page the latest status, at once (the
    // page's cache sees the change), in English and in Arabic.
    await page.getByRole("link", { name: new RegExp(title) }).first().click();
    await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
    const publicPath = new URL(page.url()).pathname;
    await expect(page.getByTestId("latest-progress")).toHaveCount(0);
    await page.goto("/admin/commitments");
    await page.getByLabel("Opportunity").selectOption({ label: title });
    await page.getByRole("button", { name: "Show" }).click();
    const progress = page.getByRole("region", { name: "Progress updates" });
    await progress.getByLabel("Status").selectOption("delayed");
    await progress.getByLabel("Construction complete (%)").fill("35");
    await progress.getByLabel("Update in English").fill("Heavy rain held the piling back by three weeks.");
    await progress.getByLabel("Update in Arabic").fill("أخّرت الأمطار الغزيرة أعمال الركائز ثلاثة أسابيع.");
    await progress.getByLabel("Update in Sorani").fill("بارانی زۆر کاری کۆڵەکەکانی سێ هەفتە دواخست.");
    await progress.getByRole("button", { name: "Post the update" }).click();
    await expect(page.getByText(/^Update posted\./).first()).toBeVisible();
    await expect(progress.getByTestId("admin-progress-update")).toContainText("Delayed, 35 % built");
    await expectAccessible(page, "/admin/commitments with an update");
    await page.goto(publicPath);
    await expect(page.getByTestId("latest-progress")).toHaveText(/^\s*Delayed, 35 % built \(updated \w{3} \d{1,2}, \d{4}\)$/);
    await page.goto(`/ar${publicPath}`);
    await expect(page.getByTestId("latest-progress")).toContainText("متأخر، نسبة الإنجاز 35 %");

    // Delete asks first; Cancel keeps it.
    await page.goto("/admin");
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Are you sure you want to delete this opportunity?");
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(card).toBeVisible();
    await card.getByRole("button", { name: `Delete ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText("Opportunity deleted successfully")).toBeVisible();
    await expect(card).toHaveCount(0);
    await page.goto("/opportunities");
    await expect(page.getByRole("heading", { name: "Investment Opportunities" })).toBeVisible();
    await expect(page.getByText(title)).toHaveCount(0);
  });

  test("a file that is not an image is refused beside the field, with the typed values kept", async ({ page, baseURL }) => {
    await signInAsAdmin(page.request, baseURL!);
    await page.goto("/admin");
    await page.getByRole("button", { name: "Add Opportunity" }).click();
    const dialog = page.getByRole("dialog", { name: "Create New Opportunity" });
    const title = `Not an image ${Date.now()}`;
    await dialog.getByLabel("Title *").fill(title);
    await dialog.getByLabel("Description *").fill("Checking that a disguised file is refused.");
    await dialog.getByLabel("Location *").fill("Erbil");
    await dialog.getByLabel("Developer *").fill("Test Developer");
    await dialog.getByLabel("Projected returns *").fill("10%");
    await dialog.getByLabel("Investment period *").fill("12 months");
    await dialog.getByLabel(/Or upload an image/).setInputFiles({ name: "photo.png", mimeType: "image/png", buffer: Buffer.from("<svg onload=alert(1)>") });
    await dialog.getByRole("button", { name: "Create Opportunity" }).click();
    await expect(page.getByText("Failed to save opportunity")).toBeVisible();
    await expect(dialog.getByText("Please choose a JPEG, PNG or WebP image")).toBeVisible();
    await expect(dialog.getByLabel("Title *")).toHaveValue(title);
  });
});
