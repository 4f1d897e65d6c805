// /leagues: every league this browser or its player holds (made or joined), and a new one.
import { onMount } from "solid-js";
import LeagueList from "../components/LeagueList";
import { t } from "../i18n";
import { myLeagues } from "../store/my-leagues";

export default function MyLeagues() {
  onMount(() => void myLeagues.refetch());
  return (
    <section class="page my-leagues">
      <h1>{t().myLeagues}</h1>
      <LeagueList />
    </section>
  );
}
