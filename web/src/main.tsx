import "./store/player"; // first: a sign-in link (/signin#key) is taken before the router reads the path
import { render } from "solid-js/web";
import { App } from "./App";
import "./style.css";

render(() => <App />, document.getElementById("app")!);
