import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Field, fieldControlProps } from "./field";
import { Input } from "./input";
import { NativeSelect } from "./select";
import { TD, TH, Table } from "./table";
import { Textarea } from "./textarea";

// A field ties its label, description and errors to its control, so a screen reader says them with it.

describe("Field", () => {
  it("labels its control and says nothing more when there is nothing to say", () => {
    const html = renderToStaticMarkup(
      <Field id="name" label="Name">
        <Input id="name" name="name" />
      </Field>,
    );
    expect(html).toContain(
      '<label class="text-sm font-medium text-gray-800 dark:text-gray-200" for="name">Name</label>',
    );
    expect(html).toContain('<input class="ui-input" id="name" name="name"/>');
  });

  it("describes its control by its description, and by its errors while there are some", () => {
    const html = renderToStaticMarkup(
      <Field id="note" label="Note" description="What happened" errors={["Too long"]}>
        <Textarea id="note" name="note" />
      </Field>,
    );
    expect(html).toContain('aria-describedby="note-description note-error"');
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('aria-errormessage="note-error"');
    expect(html).toContain('<p id="note-description"');
    expect(html).toContain('<ul id="note-error" class="text-sm text-red-600 dark:text-red-400"><li>Too long</li></ul>');
  });

  it("keeps what the control names itself, once each (Conform names the same error list)", () => {
    expect(
      fieldControlProps(
        { id: "email", hasDescription: false, hasErrors: true },
        { "aria-describedby": "email-hint email-error", "aria-invalid": true },
      ),
    ).toEqual({
      "aria-describedby": "email-hint email-error",
      "aria-invalid": true,
      "aria-errormessage": "email-error",
    });
    expect(fieldControlProps({ id: "email", hasDescription: false, hasErrors: false })).toEqual({
      "aria-describedby": undefined,
      "aria-invalid": undefined,
      "aria-errormessage": undefined,
    });
  });

  it("leaves a child that is not its control as it is", () => {
    const html = renderToStaticMarkup(
      <Field id="place" label="Place" errors={["Choose one"]}>
        <NativeSelect id="somewhere-else" />
      </Field>,
    );
    expect(html).toContain('<select class="ui-select" id="somewhere-else"></select>');
  });
});

describe("Table", () => {
  it("heads columns unless a header cell says it heads a row", () => {
    const html = renderToStaticMarkup(
      <Table>
        <tbody>
          <tr>
            <TH>Week</TH>
            <TH scope="row" className="font-normal">
              1 Dec
            </TH>
            <TD className="text-right">₦40,000</TD>
          </tr>
        </tbody>
      </Table>,
    );
    expect(html).toBe(
      '<table class="ui-table"><tbody><tr><th scope="col" class="ui-th">Week</th><th scope="row" class="ui-th font-normal">1 Dec</th><td class="ui-td text-right">₦40,000</td></tr></tbody></table>',
    );
  });
});
