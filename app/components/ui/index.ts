// The app's Radix Themes components: the same elements, classes and data attributes as Radix Themes
// 3.3 for the props the app uses, without its React code in the browser bundle; the look comes from
// Radix Themes' CSS (app/styles/radix.css). docs/decisions/ui-layer.md. Dialog is imported from
// ./dialog by the one dialog frame only: through this index it reached every screen's first load.
export { Badge, Button, Callout, Card, IconButton, TextArea, TextField } from "./controls";
export { Box, Container, Flex, Grid, Separator } from "./layout";
export { Table } from "./table";
export { TabNav } from "./tab-nav";
export { Code, DataList, Heading, Link, Text, type TextProps } from "./text";
export { Theme } from "./theme";
