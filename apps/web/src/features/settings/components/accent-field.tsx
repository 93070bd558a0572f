import { DEFAULT_ACCENT, HEX_COLOUR, accentNotice, accentPair } from '@courier/shared/domain/accent';
import type { UseFormReturn } from 'react-hook-form';
import type { UpdateCourierInput } from '@courier/shared/schemas/settings';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';

/** A sample of the accent as the portal uses it: a button with text on it and a link on the surface. */
function Sample({ mode, colour }: { mode: 'light' | 'dark'; colour: string }) {
  // The mode's own surface (tokens.css), whatever mode the settings page is shown in.
  const surface = `var(--surface-${mode === 'light' ? 'l' : 'd'})`;
  return (
    <figure data-theme-sample={mode} className="space-y-1">
      <figcaption className="text-xs font-medium text-slate-600">{mode === 'light' ? 'Light mode' : 'Dark mode'}</figcaption>
      <div className="flex flex-wrap items-center gap-3 rounded-md border border-slate-200 p-3" style={{ backgroundColor: surface }}>
        <span className="text-sm font-semibold underline" style={{ color: colour }}>
          Track a package
        </span>
        <span className="rounded-md px-3 py-1.5 text-sm font-medium" style={{ backgroundColor: colour, color: surface }}>
          Pay now
        </span>
      </div>
    </figure>
  );
}

/**
 * The courier's accent colour: picked or typed as #rrggbb, with how it looks in both modes. A colour
 * that would not reach 4.5:1 on a mode's background is shaded there, and the field says so.
 */
export function AccentField({ form }: { form: UseFormReturn<UpdateCourierInput> }) {
  const value = form.watch('accent_color') ?? '';
  const valid = HEX_COLOUR.test(value);
  const pair = accentPair(valid ? value : DEFAULT_ACCENT);
  const notice = valid ? accentNotice(value) : null;
  const error = form.formState.errors.accent_color?.message;
  return (
    <div className="space-y-3 sm:col-span-2">
      <div className="flex items-end gap-3">
        <Field
          label="Accent colour"
          hint="Buttons, links and focus rings of your portals and public site. Leave empty for the default blue."
          error={error}
          className="min-w-0 flex-1"
        >
          <Input placeholder={DEFAULT_ACCENT} autoComplete="off" spellCheck={false} {...form.register('accent_color')} />
        </Field>
        <input
          type="color"
          aria-label="Pick the accent colour"
          value={valid ? value.toLowerCase() : DEFAULT_ACCENT}
          onChange={(event) => form.setValue('accent_color', event.target.value, { shouldDirty: true, shouldValidate: true })}
          className="mb-0.5 h-10 w-12 shrink-0 cursor-pointer rounded-md border border-slate-300 bg-white p-1"
        />
      </div>
      {notice && (
        <p className="text-sm text-amber-900" role="status">
          {notice}
        </p>
      )}
      <div className="grid gap-3 sm:grid-cols-2">
        <Sample mode="light" colour={pair.light} />
        <Sample mode="dark" colour={pair.dark} />
      </div>
    </div>
  );
}
