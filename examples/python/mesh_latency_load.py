"""A mesh's latency against its load: models/mesh4x4.yaml (BookSim2's iq routers) from Python.

Sweeps the injection rate, reads the zero-load latency and the rate where latency has
doubled from the frame, marks where the network accepts over 1% less than it is offered, and
draws the latency-load curve.

    PYTHONPATH=build/python python3 examples/python/mesh_latency_load.py [PLOT.png]
"""

import sys

import creditflow
import matplotlib

matplotlib.use("Agg")  # a file, no window
import matplotlib.pyplot as plt  # noqa: E402

plot = sys.argv[1] if len(sys.argv) > 1 else "mesh_latency_load.png"

model = creditflow.load("models/mesh4x4.yaml")
rates = [0.05, 0.1, 0.2, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6]
frame = creditflow.sweep(model, vary={"net.injection_rate": rates}, jobs=2)
frame = frame.set_index("net.injection_rate")
latency = frame["networks.net.packet_latency"]
accepted = frame["networks.net.accepted"]

zero_load = latency.iloc[0]
doubled = latency[latency > 2 * zero_load].index.min()
# Where it falls behind: it accepts over 1% less than it is offered (the run's own shortfall).
short = frame[frame["networks.net.saturation.shortfall"] > 0.01].index.min()
print(f"zero-load latency {zero_load:.2f} cycles at {rates[0]}; latency doubles by {doubled} "
      f"({latency[doubled]:.1f} cycles); accepts over 1% less than offered from {short} ({accepted[short]:.3f})")

figure, axes = plt.subplots(figsize=(7, 4))
axes.plot(latency.index, latency.values, marker="o")
axes.axvline(short, linestyle=":", color="grey", label=f"accepts over 1% less than offered ({short})")
axes.set_yscale("log")
axes.set_xlabel("injection rate (flits/node/cycle)")
axes.set_ylabel("packet latency (cycles)")
axes.set_title("mesh4x4, uniform traffic, 2 VCs of 8 flits")
axes.legend()
figure.tight_layout()
figure.savefig(plot)
print(f"plot: {plot}")
