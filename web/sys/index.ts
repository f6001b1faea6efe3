/** The system-administration screens that are more than a generic list, registered by componentUrl. */
import { registerScreens } from "../app/screens.ts";

registerScreens({});
