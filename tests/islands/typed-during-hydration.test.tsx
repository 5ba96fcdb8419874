// @vitest-environment happy-dom
import { act } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, expect, it } from 'vitest';
import { useAppForm } from '../../src/islands/forms/app-form.ts';
import { useTypedDefaults } from '../../src/islands/forms/form-behaviour.ts';

// Hydration renders the field, then the rest of the island, then commits; on a
// slow phone the shopper types in between. `Typist` renders after the field
// and types then, so the text surely lands after the form read the page.
let typeNow: string | null = null;
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
function Typist() {
  if (typeNow !== null) document.querySelector<HTMLInputElement>('input[name="code"]')!.value = typeNow;
  return null;
}

let shown: () => string = () => '';
function ProbeForm() {
  const form = useAppForm({ defaultValues: useTypedDefaults('probe', { code: '' }) });
  shown = () => form.state.values.code;
  return (
    <form name="probe">
      <form.AppField name="code">{(field) => <field.TextField label="Code" />}</form.AppField>
      <Typist />
    </form>
  );
}

afterEach(() => {
  typeNow = null;
  document.body.innerHTML = '';
});

it("text typed into a field while its island hydrates is the form's value once it has", async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<ProbeForm />);
  document.body.append(container);
  typeNow = 'WELCOME10';
  await act(async () => {
    hydrateRoot(container, <ProbeForm />);
  });
  expect(shown()).toBe('WELCOME10');
  expect(container.querySelector('input')!.value).toBe('WELCOME10');
});
