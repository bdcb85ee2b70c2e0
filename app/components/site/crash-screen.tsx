import { Button } from "~/components/ui/button";

/** SPEC.md "Crash screen": shown for any uncaught interface error. */
export function CrashScreen() {
  return (
    <main className="flex min-h-screen items-center justify-center px-6">
      <div className="max-w-md text-center">
        <h1 className="font-serif text-3xl font-semibold text-primary">Something went wrong</h1>
        <p className="mt-4 text-muted-foreground">
          We apologize for the inconvenience. Please refresh the page or contact support if the problem persists.
        </p>
        <div className="mt-8 flex justify-center gap-3">
          <Button onClick={() => window.location.reload()}>Refresh Page</Button>
          <Button variant="outline" asChild>
            <a href="/">Go Home</a>
          </Button>
        </div>
      </div>
    </main>
  );
}
