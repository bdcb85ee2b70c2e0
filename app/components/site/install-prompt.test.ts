import { describe, expect, it, vi } from "vitest";
import {
  type BeforeInstallPromptEvent,
  INSTALL_DISMISSED_KEY,
  type InstallPromptState,
  isStandalone,
  nextInstallPromptState,
  promptInstall,
  rememberInstallDismissed,
  wasInstallDismissed,
} from "./install-prompt";

const offered = (standalone = false, dismissedBefore = false) =>
  ({ type: "offered", standalone, dismissedBefore }) as const;

describe("nextInstallPromptState", () => {
  it("becomes installable when the browser offers installation", () => {
    expect(nextInstallPromptState("hidden", offered())).toBe("installable");
  });

  it("stays out of the way when the app is installed or the banner was dismissed before", () => {
    expect(nextInstallPromptState("hidden", offered(true))).toBe("installed");
    expect(nextInstallPromptState("hidden", offered(false, true))).toBe("dismissed");
  });

  it("ends installed or dismissed", () => {
    expect(nextInstallPromptState("installable", { type: "installed" })).toBe("installed");
    expect(nextInstallPromptState("installable", { type: "dismissed" })).toBe("dismissed");
  });

  it("does not come back once dismissed, even when offered again", () => {
    expect(nextInstallPromptState("dismissed", offered())).toBe("dismissed");
    expect(nextInstallPromptState("dismissed", { type: "installed" })).toBe("installed");
  });

  it("keeps installed whatever happens next", () => {
    const after: InstallPromptState[] = [offered(), { type: "dismissed" } as const].map((action) =>
      nextInstallPromptState("installed", action),
    );
    expect(after).toEqual(["installed", "installed"]);
  });
});

function promptEvent(prompt: () => Promise<unknown>, outcome: "accepted" | "dismissed" = "accepted") {
  return Object.assign(new Event("beforeinstallprompt"), {
    prompt: vi.fn(prompt),
    userChoice: Promise.resolve({ outcome, platform: "web" }),
  }) as BeforeInstallPromptEvent & { prompt: ReturnType<typeof vi.fn> };
}

describe("promptInstall", () => {
  it("shows the browser's dialog and reports whether the visitor accepted", async () => {
    const accepted = promptEvent(async () => undefined, "accepted");
    expect(await promptInstall(accepted)).toBe(true);
    expect(accepted.prompt).toHaveBeenCalledOnce();
    expect(await promptInstall(promptEvent(async () => undefined, "dismissed"))).toBe(false);
  });

  it("logs a failing prompt and reports false", async () => {
    const warn = vi.fn();
    const failure = new DOMException("The prompt() method must be called with a user gesture", "NotAllowedError");
    const result = await promptInstall(promptEvent(() => Promise.reject(failure)), warn);
    expect(result).toBe(false);
    expect(warn).toHaveBeenCalledWith("Install prompt failed", failure);
  });

  it("logs a userChoice that never settles properly and reports false", async () => {
    const warn = vi.fn();
    const broken = Object.assign(new Event("beforeinstallprompt"), {
      prompt: async () => undefined,
      userChoice: Promise.reject(new Error("gone")),
    }) as BeforeInstallPromptEvent;
    expect(await promptInstall(broken, warn)).toBe(false);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe("isStandalone", () => {
  const win = (displayModeStandalone: boolean, navigatorStandalone?: boolean) =>
    ({
      matchMedia: (query: string) => ({ matches: displayModeStandalone && query === "(display-mode: standalone)" }),
      navigator: { standalone: navigatorStandalone },
    }) as unknown as Window;

  it("recognises the installed app by its display mode or Safari's navigator.standalone", () => {
    expect(isStandalone(win(true))).toBe(true);
    expect(isStandalone(win(false, true))).toBe(true);
    expect(isStandalone(win(false))).toBe(false);
    expect(isStandalone(win(false, false))).toBe(false);
  });
});

describe("dismissal memory", () => {
  const memoryStorage = () => {
    const values = new Map<string, string>();
    return {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
    };
  };

  it("remembers Later and close across page loads", () => {
    const storage = memoryStorage();
    expect(wasInstallDismissed(storage)).toBe(false);
    rememberInstallDismissed(storage, new Date("2024-12-01T10:00:00Z"));
    expect(storage.getItem(INSTALL_DISMISSED_KEY)).toBe("2024-12-01T10:00:00.000Z");
    expect(wasInstallDismissed(storage)).toBe(true);
  });

  it("treats blocked or missing storage as never dismissed, without throwing", () => {
    const blocked = {
      getItem: () => {
        throw new DOMException("blocked", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("full", "QuotaExceededError");
      },
    };
    expect(() => rememberInstallDismissed(blocked)).not.toThrow();
    expect(wasInstallDismissed(blocked)).toBe(false);
    expect(() => rememberInstallDismissed(undefined)).not.toThrow();
    expect(wasInstallDismissed(undefined)).toBe(false);
  });
});
