// Radix Themes 3.3's Dialog on the Radix dialog primitive (focus trap, Escape, scroll lock), with
// Themes' markup and classes. Only the route dialog uses it (app/components/dialog-route.tsx).
import * as Primitive from "@radix-ui/react-dialog";
import { forwardRef, type ComponentPropsWithoutRef } from "react";
import { Heading, Text } from "./text";
import { cx, extract, size, width } from "./props";
import { themeAttributes, useTheme } from "./theme";

type ContentProps = ComponentPropsWithoutRef<typeof Primitive.Content> & { maxWidth?: string };

const contentDefs = { size: size(["1", "2", "3", "4"], "3"), maxWidth: width.maxWidth };

const Content = forwardRef<HTMLDivElement, ContentProps>(function DialogContent(props, ref) {
  const theme = useTheme();
  const { className: themeClass, ...themeData } = themeAttributes(theme, false);
  const { className, ...rest } = extract(props, contentDefs);
  return (
    <Primitive.Portal>
      <Primitive.Overlay {...themeData} className={cx(themeClass, "rt-BaseDialogOverlay rt-DialogOverlay")}>
        <div className="rt-BaseDialogScroll rt-DialogScroll">
          <div className="rt-BaseDialogScrollPadding rt-DialogScrollPadding rt-r-align-center">
            <Primitive.Content
              {...rest}
              ref={ref}
              className={cx("rt-BaseDialogContent", "rt-DialogContent", className)}
            />
          </div>
        </div>
      </Primitive.Overlay>
    </Primitive.Portal>
  );
});

const Title = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof Heading>>(
  function DialogTitle(props, ref) {
    return (
      <Primitive.Title asChild>
        <Heading size="5" mb="3" {...props} className={cx("rt-r-lt-start", props.className)} ref={ref} />
      </Primitive.Title>
    );
  },
);

const Description = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof Text>>(
  function DialogDescription(props, ref) {
    return (
      <Primitive.Description asChild>
        <Text as="p" size="3" {...props} ref={ref} />
      </Primitive.Description>
    );
  },
);

function Root(props: Omit<ComponentPropsWithoutRef<typeof Primitive.Root>, "modal">) {
  return <Primitive.Root {...props} modal />;
}

export const Dialog = { Root, Content, Title, Description };
