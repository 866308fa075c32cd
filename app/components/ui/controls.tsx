// Card, Badge, Button, IconButton, Callout, TextField and TextArea with Radix Themes 3.3's markup
// and classes.
import {
  createContext,
  forwardRef,
  useContext,
  useRef,
  type ComponentPropsWithoutRef,
  type PointerEvent,
  type ReactNode,
} from "react";
import { Text } from "./text";
import {
  cx,
  extract,
  highContrast,
  margin,
  size,
  element,
  type AccentColor,
  type MarginProps,
  type Responsive,
} from "./props";

export type CardProps = ComponentPropsWithoutRef<"div"> &
  MarginProps & {
    asChild?: boolean;
    size?: Responsive<"1" | "2" | "3" | "4" | "5">;
    variant?: "surface";
  };

const cardDefs = {
  size: size(["1", "2", "3", "4", "5"], "1"),
  variant: { className: "rt-variant", values: ["surface", "classic", "ghost"], default: "surface" },
};

export const Card = forwardRef<HTMLDivElement, CardProps>(function Card({ asChild, ...props }, ref) {
  const { className, children, ...rest } = extract(props, cardDefs, margin);
  const own = { ...rest, className: cx("rt-reset", "rt-BaseCard", "rt-Card", className) };
  return element("div", asChild, own, children, ref);
});

export type BadgeProps = Omit<ComponentPropsWithoutRef<"span">, "color"> &
  MarginProps & {
    asChild?: boolean;
    size?: Responsive<"1" | "2" | "3">;
    variant?: "soft" | "outline";
    color?: AccentColor;
    radius?: "full";
  };

const badgeDefs = {
  size: size(["1", "2", "3"], "1"),
  variant: { className: "rt-variant", values: ["solid", "soft", "surface", "outline"], default: "soft" },
  highContrast,
};

export const Badge = forwardRef<HTMLSpanElement, BadgeProps>(function Badge(
  { asChild, color = "", radius, ...props },
  ref,
) {
  const { className, children, ...rest } = extract(props, badgeDefs, margin);
  const own = {
    "data-accent-color": color,
    "data-radius": radius,
    ...rest,
    className: cx("rt-reset", "rt-Badge", className),
  };
  return element("span", asChild, own, children, ref);
});

export type ButtonProps = Omit<ComponentPropsWithoutRef<"button">, "color"> &
  MarginProps & {
    asChild?: boolean;
    size?: Responsive<"1" | "2" | "3">;
    variant?: "solid" | "soft" | "ghost";
    color?: AccentColor;
  };

const buttonDefs = {
  size: size(["1", "2", "3", "4"], "2"),
  variant: {
    className: "rt-variant",
    values: ["classic", "solid", "soft", "surface", "outline", "ghost"],
    default: "solid",
  },
  highContrast,
};

function baseButton(kind: "rt-Button" | "rt-IconButton") {
  return forwardRef<HTMLButtonElement, ButtonProps>(function BaseButton({ asChild, color = "", ...props }, ref) {
    const { className, children, ...rest } = extract(props, buttonDefs, margin);
    const disabled = props.disabled;
    const own = {
      "data-disabled": disabled || undefined,
      "data-accent-color": color,
      ...rest,
      className: cx("rt-reset", "rt-BaseButton", className, kind),
      disabled,
    };
    return element("button", asChild, own, children, ref);
  });
}

export const Button = baseButton("rt-Button");
Button.displayName = "Button";
export const IconButton = baseButton("rt-IconButton");
IconButton.displayName = "IconButton";

const CalloutSize = createContext<string>("2");

type CalloutRootProps = Omit<ComponentPropsWithoutRef<"div">, "color"> &
  MarginProps & {
    size?: "1" | "2" | "3";
    variant?: "soft" | "surface";
    color?: AccentColor;
  };

const calloutDefs = {
  size: size(["1", "2", "3"], "2"),
  variant: { className: "rt-variant", values: ["soft", "surface", "outline"], default: "soft" },
  highContrast,
};

const CalloutRoot = forwardRef<HTMLDivElement, CalloutRootProps>(function CalloutRoot({ color = "", ...props }, ref) {
  const { className, children, ...rest } = extract(props, calloutDefs, margin);
  return (
    <div data-accent-color={color} {...rest} className={cx("rt-CalloutRoot", className)} ref={ref}>
      <CalloutSize.Provider value={props.size ?? "2"}>{children as ReactNode}</CalloutSize.Provider>
    </div>
  );
});

const CalloutIcon = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div">>(function CalloutIcon(
  { className, ...props },
  ref,
) {
  return <div {...props} className={cx("rt-CalloutIcon", className)} ref={ref} />;
});

const CalloutText = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof Text>>(function CalloutText(
  { className, ...props },
  ref,
) {
  const calloutSize = useContext(CalloutSize);
  return (
    <Text
      as="p"
      size={calloutSize === "3" ? "3" : "2"}
      {...props}
      ref={ref}
      className={cx("rt-CalloutText", className)}
    />
  );
});

export const Callout = { Root: CalloutRoot, Icon: CalloutIcon, Text: CalloutText };

const fieldDefs = {
  size: size(["1", "2", "3"], "2"),
  variant: { className: "rt-variant", values: ["classic", "surface", "soft"], default: "surface" },
};

type TextFieldRootProps = Omit<ComponentPropsWithoutRef<"input">, "size"> &
  MarginProps & {
    size?: Responsive<"1" | "2" | "3">;
    children?: ReactNode;
  };

/** An input in Radix's field frame; a press on the frame (or a slot) focuses the input, as Radix's does. */
const TextFieldRoot = forwardRef<HTMLInputElement, TextFieldRootProps>(function TextFieldRoot(props, ref) {
  const input = useRef<HTMLInputElement | null>(null);
  const { className, children, style, ...rest } = extract(props, fieldDefs, margin);
  const setRef = (node: HTMLInputElement | null) => {
    input.current = node;
    if (typeof ref === "function") ref(node);
    else if (ref) ref.current = node;
  };
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest("input, button, a")) return;
    const el = input.current;
    if (!el) return;
    const end = target.closest(".rt-TextFieldSlot[data-side='right']") ? el.value.length : 0;
    requestAnimationFrame(() => {
      try {
        el.setSelectionRange(end, end);
      } catch {
        // Inputs of type number or date have no selection.
      }
      el.focus();
    });
  };
  return (
    <div style={style} className={cx("rt-TextFieldRoot", className)} onPointerDown={onPointerDown}>
      <input spellCheck="false" {...rest} ref={setRef} className="rt-reset rt-TextFieldInput" />
      {children as ReactNode}
    </div>
  );
});

const TextFieldSlot = forwardRef<HTMLDivElement, ComponentPropsWithoutRef<"div"> & { side?: "left" | "right" }>(
  function TextFieldSlot({ side, className, ...props }, ref) {
    return <div data-side={side} {...props} ref={ref} className={cx("rt-TextFieldSlot", className)} />;
  },
);

export const TextField = { Root: TextFieldRoot, Slot: TextFieldSlot };

export type TextAreaProps = ComponentPropsWithoutRef<"textarea"> & MarginProps;

export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea(props, ref) {
  const { className, style, ...rest } = extract(props, fieldDefs, margin);
  return (
    <div className={cx("rt-TextAreaRoot", className)} style={style}>
      <textarea className="rt-reset rt-TextAreaInput" ref={ref} {...rest} />
    </div>
  );
});
