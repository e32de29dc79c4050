"""networkx models of Destination: Neptune."""
